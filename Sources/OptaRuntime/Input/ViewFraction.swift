/// Converts window pixels (from the top-left) to view fractions ((0, 0) bottom-left, (1, 1) top-right).
public enum ViewFraction {
    /// The fraction of a view of `viewSize` pixels at `pixel`, with y flipped.
    public static func of(_ pixel: SIMD2<Double>, viewSize: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(pixel.x / viewSize.x, 1 - pixel.y / viewSize.y)
    }

    /// The centre of the view.
    public static let center = SIMD2<Double>(0.5, 0.5)
}
