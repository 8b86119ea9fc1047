extension Objective {
    /// Fills values and gradients for x = x0 + i*dx (i in 0..<count) at fixed y, as Float.
    public func sampleRow(
        y: Double, x0: Double, dx: Double, count: Int,
        values: UnsafeMutablePointer<Float>, gradX: UnsafeMutablePointer<Float>, gradY: UnsafeMutablePointer<Float>
    ) {
        guard count > 0 else { return }
        switch self {
        case .builtin(.rosenbrock):
            RosenbrockRow.sample(y: y, x0: x0, dx: dx, count: count, values: values, gradX: gradX, gradY: gradY)
        case .builtin(let function):
            for i in 0..<count {
                let p = SIMD2(x0 + Double(i) * dx, y)
                let g = function.gradient(p)
                values[i] = Float(function.value(p))
                gradX[i] = Float(g.x)
                gradY[i] = Float(g.y)
            }
        case .grid(let grid):
            grid.sampleRow(y: y, x0: x0, dx: dx, count: count, values: values, gradX: gradX, gradY: gradY)
        case .expression(let expression):
            expression.program.sampleRow(
                y: y, x0: x0, dx: dx, count: count, values: values, gradX: gradX, gradY: gradY)
        }
    }
}
