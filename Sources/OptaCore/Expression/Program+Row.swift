import Foundation
import RealModule

/// Evaluates a `Program` over whole rows, 64 lanes at a time as 8 × SIMD8<Float> dual numbers.
///
/// Register r occupies 24 vectors of the scratch file: 8 of values, 8 of ∂/∂x, 8 of ∂/∂y.
extension Program {
    typealias Lanes = SIMD8<Float>
    static let vectorsPerBlock = 8
    static let blockWidth = 64
    private static let registerStride = 24

    /// Fills values and gradients for x = x0 + i*dx (i in 0..<count) at fixed y.
    func sampleRow(
        y: Double, x0: Double, dx: Double, count: Int,
        values: UnsafeMutablePointer<Float>, gradX: UnsafeMutablePointer<Float>, gradY: UnsafeMutablePointer<Float>
    ) {
        guard count > 0 else { return }
        let vectorCount = registerCount * Program.registerStride
        withUnsafeTemporaryAllocation(of: Lanes.self, capacity: vectorCount) { scratch in
            guard let file = scratch.baseAddress else { return }
            file.initialize(repeating: Lanes(), count: vectorCount)
            instructions.withUnsafeBufferPointer { code in
                var start = 0
                while start < count {
                    run(code, file: file, y: y, x: x0 + Double(start) * dx, dx: dx)
                    let width = Swift.min(Program.blockWidth, count - start)
                    copyOut(file + result * Program.registerStride, width: width,
                            values + start, gradX + start, gradY + start)
                    start += Program.blockWidth
                }
            }
        }
    }

    private func copyOut(
        _ r: UnsafeMutablePointer<Lanes>, width: Int,
        _ values: UnsafeMutablePointer<Float>, _ gradX: UnsafeMutablePointer<Float>, _ gradY: UnsafeMutablePointer<Float>
    ) {
        if width == Program.blockWidth {
            let v = UnsafeMutableRawPointer(values), gx = UnsafeMutableRawPointer(gradX)
            let gy = UnsafeMutableRawPointer(gradY)
            let size = MemoryLayout<Lanes>.size
            for k in 0..<Program.vectorsPerBlock {
                v.storeBytes(of: r[k], toByteOffset: k * size, as: Lanes.self)
                gx.storeBytes(of: r[8 + k], toByteOffset: k * size, as: Lanes.self)
                gy.storeBytes(of: r[16 + k], toByteOffset: k * size, as: Lanes.self)
            }
        } else {
            UnsafeMutableRawPointer(r).withMemoryRebound(to: Float.self, capacity: 3 * Program.blockWidth) { f in
                values.update(from: f, count: width)
                gradX.update(from: f + Program.blockWidth, count: width)
                gradY.update(from: f + 2 * Program.blockWidth, count: width)
            }
        }
    }

    /// Runs every instruction over one block of 64 lanes starting at `x`.
    private func run(
        _ code: UnsafeBufferPointer<Instruction>, file: UnsafeMutablePointer<Lanes>,
        y: Double, x: Double, dx: Double
    ) {
        for ins in code {
            let d = file + ins.dst * Program.registerStride
            let a = file + ins.a * Program.registerStride
            let b = file + ins.b * Program.registerStride
            switch ins.op {
            case .constant:
                let c = Lanes(repeating: Float(ins.constant))
                for k in 0..<8 { d[k] = c; d[8 + k] = Lanes(); d[16 + k] = Lanes() }
            case .x:
                let offsets = Lanes(0, 1, 2, 3, 4, 5, 6, 7) * Float(dx)
                for k in 0..<8 {
                    d[k] = Lanes(repeating: Float(x + Double(8 * k) * dx)) + offsets
                    d[8 + k] = Lanes(repeating: 1)
                    d[16 + k] = Lanes()
                }
            case .y:
                let c = Lanes(repeating: Float(y))
                for k in 0..<8 { d[k] = c; d[8 + k] = Lanes(); d[16 + k] = Lanes(repeating: 1) }
            case .add: Program.binary(d, a, b) { av, bv in av + bv } derivative: { _, _, _, da, db in da + db }
            case .subtract: Program.binary(d, a, b) { av, bv in av - bv } derivative: { _, _, _, da, db in da - db }
            case .multiply:
                Program.binary(d, a, b) { av, bv in av * bv } derivative: { av, bv, _, da, db in da * bv + av * db }
            case .divide:
                Program.binary(d, a, b) { av, bv in av / bv } derivative: { _, bv, q, da, db in (da - q * db) / bv }
            case .min, .max: Program.select(d, a, b, max: ins.op == .max)
            case .negate: Program.unary(d, a) { av in (-av, Lanes(repeating: -1)) }
            case .square: Program.unary(d, a) { av in (av * av, 2 * av) }
            case .abs:
                Program.unary(d, a) { av in
                    let zero = Lanes()
                    let sign = zero.replacing(with: 1, where: av .> zero).replacing(with: -1, where: av .< zero)
                    return (av * sign, sign)
                }
            case .sqrt:
                Program.unary(d, a) { av in
                    let s = av.squareRoot()
                    return (s, 0.5 / s)
                }
            case .powerConstant: Program.powerConstant(d, a, Float(ins.constant))
            case .power: Program.power(d, a, b)
            case .sin, .cos, .tan, .exp, .log, .tanh: Program.transcendental(ins.op, d, a)
            }
        }
    }

    /// d = f(a) with d′ = f′(a)·a′, where `body` returns (f(a), f′(a)).
    @inline(__always)
    private static func unary(
        _ d: UnsafeMutablePointer<Lanes>, _ a: UnsafeMutablePointer<Lanes>, _ body: (Lanes) -> (Lanes, Lanes)
    ) {
        for k in 0..<8 {
            let (value, slope) = body(a[k])
            let adx = a[8 + k], ady = a[16 + k]
            d[k] = value
            d[8 + k] = slope * adx
            d[16 + k] = slope * ady
        }
    }

    /// d = f(a, b); `derivative(a, b, f, a′, b′)` gives each partial.
    @inline(__always)
    private static func binary(
        _ d: UnsafeMutablePointer<Lanes>, _ a: UnsafeMutablePointer<Lanes>, _ b: UnsafeMutablePointer<Lanes>,
        _ body: (Lanes, Lanes) -> Lanes, derivative: (Lanes, Lanes, Lanes, Lanes, Lanes) -> Lanes
    ) {
        for k in 0..<8 {
            let av = a[k], bv = b[k]
            let adx = a[8 + k], ady = a[16 + k], bdx = b[8 + k], bdy = b[16 + k]
            let value = body(av, bv)
            d[k] = value
            d[8 + k] = derivative(av, bv, value, adx, bdx)
            d[16 + k] = derivative(av, bv, value, ady, bdy)
        }
    }

    /// min/max: each lane takes the chosen operand's value and derivatives (ties pick a).
    private static func select(
        _ d: UnsafeMutablePointer<Lanes>, _ a: UnsafeMutablePointer<Lanes>, _ b: UnsafeMutablePointer<Lanes>, max: Bool
    ) {
        for k in 0..<8 {
            let av = a[k], bv = b[k]
            let takeB = max ? bv .> av : bv .< av
            let adx = a[8 + k], ady = a[16 + k]
            d[k] = av.replacing(with: bv, where: takeB)
            d[8 + k] = adx.replacing(with: b[8 + k], where: takeB)
            d[16 + k] = ady.replacing(with: b[16 + k], where: takeB)
        }
    }

    /// a^c for constant c: c·a^(c−1)·a′.
    private static func powerConstant(_ d: UnsafeMutablePointer<Lanes>, _ a: UnsafeMutablePointer<Lanes>, _ c: Float) {
        if c == 0 {
            for k in 0..<8 { d[k] = Lanes(repeating: 1); d[8 + k] = Lanes(); d[16 + k] = Lanes() }
            return
        }
        if c == 0.5 {
            unary(d, a) { av in
                let root = av.squareRoot()
                return (root, 0.5 / root)
            }
            return
        }
        if c == c.rounded(), Swift.abs(c) <= 16 {
            // Integer exponent n: a^(|n|−1) by repeated squaring, then value and slope from it.
            let n = Int(Swift.abs(c))
            unary(d, a) { av in
                var power = Lanes(repeating: 1), base = av, e = n - 1
                while e > 0 {
                    if e & 1 == 1 { power *= base }
                    base *= base
                    e >>= 1
                }
                let full = power * av
                if c > 0 { return (full, c * power) }
                let value = 1 / full
                return (value, c * value / av)
            }
            return
        }
        unary(d, a) { av in
            var value = Lanes(), slope = Lanes()
            for l in 0..<8 {
                value[l] = pow(av[l], c)
                slope[l] = c * pow(av[l], c - 1)
            }
            return (value, slope)
        }
    }

    /// a^b by the general rule a^b·(b′ ln a + b a′/a); terms with a zero factor are dropped.
    private static func power(_ d: UnsafeMutablePointer<Lanes>, _ a: UnsafeMutablePointer<Lanes>, _ b: UnsafeMutablePointer<Lanes>) {
        for k in 0..<8 {
            let av = a[k], bv = b[k]
            let adx = a[8 + k], ady = a[16 + k], bdx = b[8 + k], bdy = b[16 + k]
            var value = Lanes(), lnA = Lanes()
            for l in 0..<8 {
                value[l] = pow(av[l], bv[l])
                lnA[l] = Float.log(av[l])
            }
            let ratio = bv / av
            let zero = Lanes()
            func term(_ factor: Lanes, _ x: Lanes) -> Lanes { (factor * x).replacing(with: 0, where: x .== zero) }
            let constantB = (bdx .== zero) .& (bdy .== zero)
            var gx = value * (term(lnA, bdx) + term(ratio, adx))
            var gy = value * (term(lnA, bdy) + term(ratio, ady))
            if any(constantB) {
                for l in 0..<8 where constantB[l] {
                    let slope = bv[l] * pow(av[l], bv[l] - 1)
                    gx[l] = slope * adx[l]
                    gy[l] = slope * ady[l]
                }
            }
            d[k] = value
            d[8 + k] = gx
            d[16 + k] = gy
        }
    }

    /// sin, cos, tan, exp, log, tanh with the SIMD approximations of `VectorMath`.
    private static func transcendental(_ op: Opcode, _ d: UnsafeMutablePointer<Lanes>, _ a: UnsafeMutablePointer<Lanes>) {
        switch op {
        case .sin:
            unary(d, a) { av in VectorMath.sinCos(av) }
        case .cos:
            unary(d, a) { av in
                let (s, c) = VectorMath.sinCos(av)
                return (c, -s)
            }
        case .tan:
            unary(d, a) { av in
                let (s, c) = VectorMath.sinCos(av)
                let t = s / c
                return (t, 1 + t * t)
            }
        case .exp:
            unary(d, a) { av in
                let e = VectorMath.exp(av)
                return (e, e)
            }
        case .log:
            unary(d, a) { av in (VectorMath.log(av), 1 / av) }
        default:
            unary(d, a) { av in
                // tanh x = 1 − 2 / (e^{2x} + 1): saturates to ±1 and propagates NaN.
                let t = 1 - 2 / (VectorMath.exp(av + av) + 1)
                return (t, 1 - t * t)
            }
        }
    }
}
