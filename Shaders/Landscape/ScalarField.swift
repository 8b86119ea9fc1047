/// A function of (x, y) that can fill whole rows of samples: values and their gradient.
///
/// The heatmap and contour shader is generic over this protocol, so each field's row sampler is
/// specialized into the tile loop (no per-pixel dynamic dispatch).
public protocol ScalarField: Sendable {
    /// Fills `values`, `gradX`, `gradY` for x = x0 + i·dx (i in 0..<count) at fixed y.
    func sampleRow(y: Double, x0: Double, dx: Double, count: Int,
                   values: UnsafeMutablePointer<Float>, gradX: UnsafeMutablePointer<Float>,
                   gradY: UnsafeMutablePointer<Float>)
}
