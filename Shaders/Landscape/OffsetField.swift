import OptaCore

/// An objective sampled less a constant `offset`, taken off in Double before the values become
/// Float: a field whose values sit near 1e6 and vary by 1 keeps its variation in the shader
/// (Float near 1e6 steps by 1/16, which bands the heatmap and smears the contours). The shader's
/// scale and levels are shifted by the same offset (`ValueScale.offset(by:)`). With offset 0 it
/// samples exactly as the objective does.
public struct OffsetField: ScalarField {
    public let objective: Objective
    public let offset: Double
    /// What the rows come from: the objective, or a formula with the offset folded into its
    /// constant term (`Expression.shifted(by:)`), still sampled by the fast row evaluator.
    private let rows: Objective?

    public init(_ objective: Objective, offset: Double) {
        self.objective = objective
        self.offset = offset
        if offset == 0 {
            rows = objective
        } else if case .expression(let expression) = objective {
            rows = .expression(expression.shifted(by: offset))
        } else {
            rows = nil
        }
    }

    public func sampleRow(y: Double, x0: Double, dx: Double, count: Int,
                          values: UnsafeMutablePointer<Float>, gradX: UnsafeMutablePointer<Float>,
                          gradY: UnsafeMutablePointer<Float>) {
        if let rows {
            rows.sampleRow(y: y, x0: x0, dx: dx, count: count, values: values, gradX: gradX, gradY: gradY)
            return
        }
        // Built-in functions and grids: point by point in Double.
        for i in 0..<count {
            let p = SIMD2(x0 + Double(i) * dx, y)
            let g = objective.gradient(p)
            values[i] = Float(objective.value(p) - offset)
            gradX[i] = Float(g.x)
            gradY[i] = Float(g.y)
        }
    }

    public func withRows<R>(x0: Double, dx: Double, count: Int, rows pixelRows: PixelRows, _ body: (RowFill) -> R) -> R {
        if let rows { return rows.withRows(x0: x0, dx: dx, count: count, rows: pixelRows, body) }
        return body { r, values, gradX, gradY in
            sampleRow(y: pixelRows.y(r), x0: x0, dx: dx, count: count, values: values, gradX: gradX, gradY: gradY)
        }
    }
}

/// Equal fields shade equal layers (the render context's cache key): `rows` follows from the
/// objective and the offset, so those two decide.
extension OffsetField: Equatable {
    public static func == (a: OffsetField, b: OffsetField) -> Bool { a.objective == b.objective && a.offset == b.offset }
}
