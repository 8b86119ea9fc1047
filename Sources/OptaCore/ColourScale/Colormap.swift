/// A perceptually uniform colormap from its published 256-entry table. Scenarios name one by its
/// raw value; the loader accepts exactly these (`allCases`), so a figure never falls back silently.
public enum Colormap: String, CaseIterable, Sendable {
    case viridis, magma, inferno, plasma, cividis
    /// Crameri's diverging "berlin": blue – dark – red, readable with colour-vision deficiency.
    case berlin

    /// The published table, r, g, b in 0…1 for 256 steps.
    public var table: [Float] {
        switch self {
        case .viridis: ColormapTables.viridis
        case .magma: ColormapTables.magma
        case .inferno: ColormapTables.inferno
        case .plasma: ColormapTables.plasma
        case .cividis: ColormapTables.cividis
        case .berlin: ColormapTables.berlin
        }
    }

    /// The colour at `t` in 0…1 (clamped), components in 0…1.
    public func color(at t: Float) -> SIMD3<Float> {
        let i = Int(max(0, min(1, t.isNaN ? 0 : t)) * 255 + 0.5) * 3
        let table = self.table
        return SIMD3(table[i], table[i + 1], table[i + 2])
    }
}
