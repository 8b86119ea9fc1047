import OptaCore

/// A function of (x, y) that can fill whole rows of samples: values and their gradient.
///
/// The heatmap and contour shader is generic over this protocol, so each field's row sampler is
/// specialized into the tile loop (no per-pixel dynamic dispatch).
public protocol ScalarField: Sendable {
    /// Fills `values`, `gradX`, `gradY` for x = x0 + i·dx (i in 0..<count) at fixed y.
    func sampleRow(y: Double, x0: Double, dx: Double, count: Int,
                   values: UnsafeMutablePointer<Float>, gradX: UnsafeMutablePointer<Float>,
                   gradY: UnsafeMutablePointer<Float>)

    /// Calls `body` with a function filling any of `rows` at x = x0 + i·dx (i in 0..<count) —
    /// a tile's rows. Fields that share work between those rows (a grid finds each pixel column's
    /// cell once per tile, and each row's once per frame) implement it; by default each row is
    /// sampled on its own.
    func withRows<R>(x0: Double, dx: Double, count: Int, rows: PixelRows, _ body: (RowFill) -> R) -> R
}

/// Fills one pixel row (of the `PixelRows` given), then the values, ∂f/∂x and ∂f/∂y out.
public typealias RowFill = (Int, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>) -> Void

extension ScalarField {
    public func withRows<R>(x0: Double, dx: Double, count: Int, rows: PixelRows, _ body: (RowFill) -> R) -> R {
        body { r, values, gradX, gradY in
            sampleRow(y: rows.y(r), x0: x0, dx: dx, count: count, values: values, gradX: gradX, gradY: gradY)
        }
    }
}
