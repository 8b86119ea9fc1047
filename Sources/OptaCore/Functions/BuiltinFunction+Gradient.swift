import RealModule

extension BuiltinFunction {
    /// The analytic gradient at `p`. Where the function is not differentiable
    /// (Ackley at the origin, Eggholder's kinks) the offending term is taken as 0.
    public func gradient(_ p: SIMD2<Double>) -> SIMD2<Double> {
        let x = p.x, y = p.y
        switch self {
        case .rosenbrock:
            let b = y - x * x
            return SIMD2(-2 * (1 - x) - 400 * x * b, 200 * b)
        case .himmelblau:
            let a = x * x + y - 11, b = x + y * y - 7
            return SIMD2(4 * x * a + 2 * b, 2 * a + 4 * y * b)
        case .rastrigin:
            let w = 2 * Double.pi
            return SIMD2(2 * x + 10 * w * Double.sin(w * x), 2 * y + 10 * w * Double.sin(w * y))
        case .ackley:
            return ackleyGradient(x, y)
        case .beale:
            let a = 1.5 - x + x * y, b = 2.25 - x + x * y * y, c = 2.625 - x + x * y * y * y
            let gx = 2 * a * (y - 1) + 2 * b * (y * y - 1) + 2 * c * (y * y * y - 1)
            let gy = 2 * a * x + 2 * b * (2 * x * y) + 2 * c * (3 * x * y * y)
            return SIMD2(gx, gy)
        case .booth:
            let a = x + 2 * y - 7, b = 2 * x + y - 5
            return SIMD2(2 * a + 4 * b, 4 * a + 2 * b)
        case .goldsteinPrice:
            return goldsteinPriceGradient(x, y)
        case .sixHumpCamel:
            let x2 = x * x
            return SIMD2(8 * x - 8.4 * x2 * x + 2 * x2 * x2 * x + y, x - 8 * y + 16 * y * y * y)
        case .styblinskiTang:
            return SIMD2(2 * x * x * x - 16 * x + 2.5, 2 * y * y * y - 16 * y + 2.5)
        case .matyas:
            return SIMD2(0.52 * x - 0.48 * y, 0.52 * y - 0.48 * x)
        case .levi13:
            let pi = Double.pi
            let sy = Double.sin(3 * pi * y), s2y = Double.sin(2 * pi * y)
            let gx = 3 * pi * Double.sin(6 * pi * x) + 2 * (x - 1) * (1 + sy * sy)
            let gy = (x - 1) * (x - 1) * 3 * pi * Double.sin(6 * pi * y)
                + 2 * (y - 1) * (1 + s2y * s2y) + (y - 1) * (y - 1) * 2 * pi * Double.sin(4 * pi * y)
            return SIMD2(gx, gy)
        case .eggholder:
            return eggholderGradient(x, y)
        case .threeHumpCamel:
            let x2 = x * x
            return SIMD2(4 * x - 4.2 * x2 * x + x2 * x2 * x + y, x + 2 * y)
        case .easom:
            let dx = x - Double.pi, dy = y - Double.pi
            let a = Double.cos(x), b = Double.cos(y), e = Double.exp(-(dx * dx + dy * dy))
            return SIMD2(e * (Double.sin(x) * b + 2 * dx * a * b), e * (a * Double.sin(y) + 2 * dy * a * b))
        case .mccormick:
            let d = x - y, c = Double.cos(x + y)
            return SIMD2(c + 2 * d - 1.5, c - 2 * d + 2.5)
        }
    }

    private func ackleyGradient(_ x: Double, _ y: Double) -> SIMD2<Double> {
        let w = 2 * Double.pi
        let r = (0.5 * (x * x + y * y)).squareRoot()
        let e2 = Double.exp(0.5 * (Double.cos(w * x) + Double.cos(w * y)))
        // d/dx of −20 exp(−0.2 r) is 2 x exp(−0.2 r) / r; 0 at the (non-differentiable) origin.
        let radial = r > 0 ? 2 * Double.exp(-0.2 * r) / r : 0
        return SIMD2(radial * x + Double.pi * Double.sin(w * x) * e2,
                     radial * y + Double.pi * Double.sin(w * y) * e2)
    }

    private func goldsteinPriceGradient(_ x: Double, _ y: Double) -> SIMD2<Double> {
        let s = x + y + 1, t = 2 * x - 3 * y
        let p = 19 - 14 * x + 3 * x * x - 14 * y + 6 * x * y + 3 * y * y
        let q = 18 - 32 * x + 12 * x * x + 48 * y - 36 * x * y + 27 * y * y
        let a = 1 + s * s * p, b = 30 + t * t * q
        let dp = -14 + 6 * x + 6 * y  // ∂p/∂x = ∂p/∂y
        let da = 2 * s * p + s * s * dp
        let dbx = 4 * t * q + t * t * (-32 + 24 * x - 36 * y)
        let dby = -6 * t * q + t * t * (48 - 36 * x + 54 * y)
        return SIMD2(da * b + a * dbx, da * b + a * dby)
    }

    private func eggholderGradient(_ x: Double, _ y: Double) -> SIMD2<Double> {
        let u = x / 2 + y + 47, v = x - (y + 47)
        let su = abs(u).squareRoot(), sv = abs(v).squareRoot()
        // d sin(√|u|)/du = cos(√|u|) sign(u) / (2 √|u|); taken as 0 at the kink u = 0.
        let du = su > 0 ? Double.cos(su) * (u < 0 ? -1 : 1) / (2 * su) : 0
        let dv = sv > 0 ? Double.cos(sv) * (v < 0 ? -1 : 1) / (2 * sv) : 0
        let gx = -(y + 47) * du * 0.5 - Double.sin(sv) - x * dv
        let gy = -Double.sin(su) - (y + 47) * du + x * dv
        return SIMD2(gx, gy)
    }
}
