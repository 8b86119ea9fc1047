import OptaCore
import OptaRaster

/// Chooses where a legend goes, like matplotlib's `loc="best"`: of the plot's four corners, the
/// one whose box covers the least data, weighing paths most. Data is what `Obstacles` lists; text
/// that must stay readable is never covered. When even the best corner covers more than a little,
/// and the figure has room beside the plot, the legend goes outside (`outside`).
enum LegendPlacer {
    /// What a legend should leave visible, by kind.
    struct Obstacles {
        /// Path lines in frame pixels: each pixel of length under the legend counts `pathWeight`.
        var lines: [[SIMD2<Float>]] = []
        /// Marked points (iterates, path ends, minima): each under the legend counts its weight.
        var points: [(center: SIMD2<Float>, radius: Float, weight: Float)] = []
        /// Labels over the data (contour labels): each one the legend touches counts `labelWeight`.
        var labels: [PixelRectF] = []
        /// Filled areas (the 3D surface's outline on screen): each square pixel counts `areaWeight`.
        var areas: [[SIMD2<Float>]] = []
        /// Text the legend must not cover at all (axis labels inside a 3D view, a chart's note).
        var text: [PixelRectF] = []
        /// Where the plot shows the undefined hatch: each square pixel counts `undefinedWeight`
        /// (a legend there hides what its own "f undefined" entry explains).
        var undefined: [PixelRectF] = []
    }

    static let pathWeight: Float = 1
    static let iterateWeight: Float = 4
    static let markerWeight: Float = 24
    static let labelWeight: Float = 8
    static let areaWeight: Float = 0.005
    /// A legend's box (about 6,000 px at 960×600) wholly over the hatch counts 120, a fifth of
    /// it more than `goodEnough`.
    static let undefinedWeight: Float = 0.02
    /// A corner covering no more than this (a short stretch of path, a few iterates) and no
    /// marker is good enough to stay inside.
    static let goodEnough: Float = 24

    /// Whether `rect`, covering `cover` (`cover(rect, obstacles)`), covers data little enough for
    /// a legend to stay inside there.
    static func isGoodEnough(_ rect: PixelRectF, cover: Float, _ obstacles: Obstacles) -> Bool {
        cover <= goodEnough
            && !obstacles.points.contains { $0.weight >= markerWeight && rect.grown(by: $0.radius).containsPoint($0.center) }
    }

    /// How much data `rect` covers (infinite when it covers text that must show).
    static func cover(_ rect: PixelRectF, _ obstacles: Obstacles) -> Float {
        if obstacles.text.contains(where: { $0.overlaps(rect) }) { return .infinity }
        var total: Float = 0
        for line in obstacles.lines { total += pathWeight * PathClipping.length(of: line, inside: rect) }
        for p in obstacles.points where rect.grown(by: p.radius).containsPoint(p.center) { total += p.weight }
        for label in obstacles.labels where label.overlaps(rect) { total += labelWeight }
        for area in obstacles.areas { total += areaWeight * PolygonArea.inside(area, rect) }
        for box in obstacles.undefined {
            total += undefinedWeight * max(0, min(box.x1, rect.x1) - max(box.x0, rect.x0)) * max(0, min(box.y1, rect.y1) - max(box.y0, rect.y0))
        }
        return total
    }

    /// The corner boxes of a legend of `size` inside `plot`, `inset` pixels from its edges, in
    /// matplotlib's order of preference (upper right first: it wins ties).
    static func corners(of plot: PixelRectF, size: SIMD2<Float>, inset: Float) -> [(LegendPosition, PixelRectF)] {
        let left = plot.x0 + inset, right = plot.x1 - inset - size.x
        let top = plot.y0 + inset, bottom = plot.y1 - inset - size.y
        return [(.upperRight, PixelRectF(x: right, y: top, width: size.x, height: size.y)),
                (.upperLeft, PixelRectF(x: left, y: top, width: size.x, height: size.y)),
                (.lowerLeft, PixelRectF(x: left, y: bottom, width: size.x, height: size.y)),
                (.lowerRight, PixelRectF(x: right, y: bottom, width: size.x, height: size.y))]
    }

    /// Where a legend of `size` goes: the `position` asked for, or for `.best` the corner of
    /// least cover (ties to the earlier corner). `outside` is the box beside the plot when the
    /// figure made room for one; `.best` takes it when no corner is good enough. Nil when every
    /// corner would cover text that must show and there is no room outside.
    static func place(size: SIMD2<Float>, plot: PixelRectF, inset: Float, position: LegendPosition,
                      obstacles: Obstacles, outside: PixelRectF?) -> PixelRectF? {
        let corners = corners(of: plot, size: size, inset: inset)
        if position == .outside, let outside { return outside }
        if let fixed = corners.first(where: { $0.0 == position }) { return fixed.1 }
        // The least covering of the good-enough corners (ties to the earlier one), else outside,
        // else the least covering corner at all.
        // (`min(by:)` keeps the first of equals.)
        let covers = corners.map { (rect: $0.1, cover: cover($0.1, obstacles)) }
        if let good = covers.filter({ isGoodEnough($0.rect, cover: $0.cover, obstacles) }).min(by: { $0.cover < $1.cover }) { return good.rect }
        if let outside { return outside }
        return covers.min(by: { $0.cover < $1.cover }).flatMap { $0.cover.isFinite ? $0.rect : nil }
    }

    /// Whether a `.best` legend should go outside: it has no room inside (`size` nil) or no
    /// corner is good enough.
    static func wantsOutside(size: SIMD2<Float>?, plot: PixelRectF, inset: Float, obstacles: Obstacles) -> Bool {
        guard let size else { return true }
        return !corners(of: plot, size: size, inset: inset).contains { isGoodEnough($0.1, cover: cover($0.1, obstacles), obstacles) }
    }
}
