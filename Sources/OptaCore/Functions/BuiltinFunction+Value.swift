import RealModule

extension BuiltinFunction {
    /// The function value at `p`.
    public func value(_ p: SIMD2<Double>) -> Double {
        let x = p.x, y = p.y
        switch self {
        case .rosenbrock:
            let a = 1 - x, b = y - x * x
            return a * a + 100 * b * b
        case .himmelblau:
            let a = x * x + y - 11, b = x + y * y - 7
            return a * a + b * b
        case .rastrigin:
            let w = 2 * Double.pi
            return 20 + x * x - 10 * Double.cos(w * x) + y * y - 10 * Double.cos(w * y)
        case .ackley:
            let w = 2 * Double.pi
            let r = (0.5 * (x * x + y * y)).squareRoot()
            return -20 * Double.exp(-0.2 * r) - Double.exp(0.5 * (Double.cos(w * x) + Double.cos(w * y)))
                + Double.exp(1) + 20
        case .beale:
            let a = 1.5 - x + x * y, b = 2.25 - x + x * y * y, c = 2.625 - x + x * y * y * y
            return a * a + b * b + c * c
        case .booth:
            let a = x + 2 * y - 7, b = 2 * x + y - 5
            return a * a + b * b
        case .goldsteinPrice:
            let s = x + y + 1, t = 2 * x - 3 * y
            let p = 19 - 14 * x + 3 * x * x - 14 * y + 6 * x * y + 3 * y * y
            let q = 18 - 32 * x + 12 * x * x + 48 * y - 36 * x * y + 27 * y * y
            return (1 + s * s * p) * (30 + t * t * q)
        case .sixHumpCamel:
            let x2 = x * x, y2 = y * y
            return (4 - 2.1 * x2 + x2 * x2 / 3) * x2 + x * y + (-4 + 4 * y2) * y2
        case .styblinskiTang:
            let x2 = x * x, y2 = y * y
            return 0.5 * (x2 * x2 - 16 * x2 + 5 * x + y2 * y2 - 16 * y2 + 5 * y)
        case .matyas:
            return 0.26 * (x * x + y * y) - 0.48 * x * y
        case .levi13:
            let sx = Double.sin(3 * Double.pi * x), sy = Double.sin(3 * Double.pi * y)
            let sy2 = Double.sin(2 * Double.pi * y)
            return sx * sx + (x - 1) * (x - 1) * (1 + sy * sy) + (y - 1) * (y - 1) * (1 + sy2 * sy2)
        case .eggholder:
            let u = x / 2 + y + 47, v = x - (y + 47)
            return -(y + 47) * Double.sin(abs(u).squareRoot()) - x * Double.sin(abs(v).squareRoot())
        case .threeHumpCamel:
            let x2 = x * x
            return 2 * x2 - 1.05 * x2 * x2 + x2 * x2 * x2 / 6 + x * y + y * y
        case .easom:
            let dx = x - Double.pi, dy = y - Double.pi
            return -Double.cos(x) * Double.cos(y) * Double.exp(-(dx * dx + dy * dy))
        case .mccormick:
            let d = x - y
            return Double.sin(x + y) + d * d - 1.5 * x + 2.5 * y + 1
        }
    }
}
