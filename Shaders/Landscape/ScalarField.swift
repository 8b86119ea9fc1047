/// A function of (x, y) that can fill whole rows of samples: values and their gradient.
///
/// The heatmap and contour shader is generic over this protocol, so each field's row sampler is
/// specialized into the tile loop (no per-pixel dynamic dispatch).
public protocol ScalarField: Sendable {
    /// Fills `values`, `gradX`, `gradY` for x = x0 + i·dx (i in 0..<count) at fixed y.
    func sampleRow(y: Double, x0: Double, dx: Double, count: Int,
                   values: UnsafeMutablePointer<Float>, gradX: UnsafeMutablePointer<Float>,
                   gradY: UnsafeMutablePointer<Float>)

    /// Calls `body` with a function filling rows at x = x0 + i·dx (i in 0..<count) for the y it
    /// is given — a tile's rows. Fields that share work between those rows (a grid finds each
    /// pixel column's cell once) implement it; by default each row is sampled on its own.
    func withRows<R>(x0: Double, dx: Double, count: Int, _ body: (RowFill) -> R) -> R
}

/// Fills one row: its y, then the values, ∂f/∂x and ∂f/∂y out.
public typealias RowFill = (Double, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>) -> Void

extension ScalarField {
    public func withRows<R>(x0: Double, dx: Double, count: Int, _ body: (RowFill) -> R) -> R {
        body { y, values, gradX, gradY in
            sampleRow(y: y, x0: x0, dx: dx, count: count, values: values, gradX: gradX, gradY: gradY)
        }
    }
}
