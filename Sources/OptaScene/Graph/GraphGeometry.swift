import OptaCore
import OptaRaster

/// Where a graph's nodes sit in the frame and how big and what colour each is drawn: the one
/// place the figure and its accessibility tree take positions from, so both always agree.
struct GraphGeometry: Sendable {
    /// Frame pixel centre of every node, in `GraphSpec.nodes` order.
    let centers: [SIMD2<Float>]
    let radii: [Float]
    let edgeWidths: [Float]
    let degrees: [Int]
    /// Width of the nodes' outline.
    let outlineWidth: Float
    /// How much thinner than the style's (times the stroke scale) edges are drawn, 1 unless a
    /// small frame shrank the nodes; arrowheads shrink with it.
    let edgeScale: Float

    /// `"pixels"`: layout positions are frame pixels; `"fit"`: the positions' bounding box is
    /// scaled (same factor on both axes) and centred into `area`. Node sizes and line widths are
    /// the style's times `strokeScale` (`LandscapeLayout.strokeScale`: 2 at 2160 p, so a 4K graph
    /// reads like the 1080 p one). A fitted layout's nodes then shrink, all by one factor, as far
    /// as needed for every two of them to keep `NodeSpacing.gap` pixels apart (`NodeSpacing`):
    /// a small frame brings the positions closer, and nodes of a fixed size would pile up. Edges
    /// thin by the square root of that factor, so they stay visible between the smaller nodes.
    init(graph: GraphSpec, positions: [SIMD2<Double>], area: PixelRectF, degrees: [Int], strokeScale: Float = 1) {
        self.degrees = degrees
        let style = graph.style
        var outlineWidth = Float(style.nodeOutlineWidth) * strokeScale
        centers = graph.layout.units == .pixels ? positions.map { SIMD2<Float>($0) } : Self.fitted(positions, into: area)
        var radii = Self.fullRadii(graph, strokeScale: strokeScale)
        var shrink: Float = 1
        if graph.layout.units == .fit {
            shrink = NodeSpacing.shrink(centers: centers, radii: radii, outlineWidth: outlineWidth)
            if shrink < 1 {
                radii = radii.map { $0 * shrink }
                outlineWidth *= shrink
            }
        }
        self.radii = radii
        self.outlineWidth = outlineWidth
        edgeScale = shrink.squareRoot()
        let width = Float(style.edgeWidth) * strokeScale * edgeScale
        if let range = graph.weightRange, range.upperBound > range.lowerBound {
            edgeWidths = graph.edges.map { edge in
                guard let w = edge.weight else { return width }
                return width * (0.6 + 2.4 * Float((w - range.lowerBound) / (range.upperBound - range.lowerBound)))
            }
        } else {
            edgeWidths = [Float](repeating: width, count: graph.edges.count)
        }
    }

    /// The nodes' radii before a small frame shrinks them: by value (area grows with value) when
    /// values vary, else the style's, times `strokeScale`.
    static func fullRadii(_ graph: GraphSpec, strokeScale: Float) -> [Float] {
        let base = Float(graph.style.nodeRadius) * strokeScale
        guard let range = graph.valueRange, range.upperBound > range.lowerBound else {
            return [Float](repeating: base, count: graph.nodes.count)
        }
        return graph.nodes.map { node in
            guard let v = node.value else { return base }
            let t = Float((v - range.lowerBound) / (range.upperBound - range.lowerBound))
            return base * (0.7 + 1.3 * t.squareRoot())
        }
    }

    /// `positions` scaled (one factor for both axes) and centred into `area`: their bounding box
    /// fills the area's width or its height.
    static func fitted(_ positions: [SIMD2<Double>], into area: PixelRectF) -> [SIMD2<Float>] {
        guard let first = positions.first else { return [] }
        var lo = first, hi = first
        for p in positions { lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p) }
        let span = hi - lo
        let w = Double(area.width), h = Double(area.height)
        let scale = Swift.min(span.x > 0 ? w / span.x : .infinity, span.y > 0 ? h / span.y : .infinity)
        let s = scale.isFinite ? scale : 1
        let mid = (lo + hi) / 2
        let c = SIMD2<Double>(Double(area.x0) + w / 2, Double(area.y0) + h / 2)
        return positions.map { SIMD2<Float>(c + ($0 - mid) * s) }
    }

    /// The positions a frame shows: the layout solver's latest, else the scenario's own.
    static func positions(_ graph: GraphSpec, _ state: RenderState) -> [SIMD2<Double>] {
        if let snapshot = state.graphLayout, snapshot.positions.count == graph.nodes.count { return snapshot.positions }
        return graph.nodes.map { $0.position ?? .zero }
    }
}
