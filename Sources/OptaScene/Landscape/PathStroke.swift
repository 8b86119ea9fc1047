import OptaRaster

/// How every figure strokes a path and marks its points (the landscape, the 3D view, legends).
enum PathStroke {
    /// How far a path's outline reaches beyond its stroke, in pixels.
    static let haloWidth: Float = 0
    /// A path's line through `points`.
    static func append(_ canvas: inout FigureCanvas, _ points: [SIMD2<Float>], width: Float, color: RGBA) {
        canvas.append(.polyline(points: points, width: width, color: color))
    }

    /// A dot marking one of a path's points.
    static func appendDot(_ canvas: inout FigureCanvas, at p: SIMD2<Float>, radius: Float, color: RGBA) {
        canvas.append(.disk(center: p, radius: radius, fill: color, outlineWidth: 0, outline: color))
    }
}
