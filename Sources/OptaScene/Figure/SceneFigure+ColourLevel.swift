extension SceneFigure {
    /// Where `f` lies on the figure's colour scale, 0 (the lowest colour) … 1 (the highest), as an
    /// audio graph's pitch places it; nil when the figure colours nothing by f (a graph, panels).
    public func colourLevel(of f: Double) -> Double? {
        guard f.isFinite else { return nil }
        switch self {
        case let landscape as LandscapeFigure: return landscape.prepared.scale.normalized(f)
        case let surface as SurfaceFigure: return surface.prepared.scale.normalized(f)
        default: return nil
        }
    }
}
