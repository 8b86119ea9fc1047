import OptaRaster

/// The × that marks a known minimum, one drawing for every figure (2-D and 3-D) and legend: a
/// dark cross with a white one inside, `strokeScale` times its 1080 p size.
enum MinimumMarker {
    /// Half the width of the cross at 1080 p.
    static let half: Float = 7
    /// How far the cross reaches from its centre across or down at 1080 p: its arms' ends, and
    /// half their 4 px width turned 45°.
    static let reach: Float = half + 2 * Float(0.5).squareRoot()

    static func append(_ list: inout FigureCanvas, at p: SIMD2<Float>, strokeScale s: Float) {
        let r = half * s
        let arms = [(SIMD2<Float>(-r, -r), SIMD2<Float>(r, r)), (SIMD2<Float>(-r, r), SIMD2<Float>(r, -r))]
        for (a, b) in arms { list.append(.segment(from: p + a, to: p + b, width: 4 * s, color: LandscapeFigure.ink)) }
        for (a, b) in arms { list.append(.segment(from: p + a * 0.85, to: p + b * 0.85, width: 2 * s, color: RGBA(1, 1, 1))) }
    }
}
