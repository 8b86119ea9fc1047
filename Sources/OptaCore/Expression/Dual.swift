import Foundation
import RealModule

/// A forward-mode dual number: a value with its partial derivatives in x and y.
struct Dual: Sendable, Equatable {
    var value: Double
    var dx: Double
    var dy: Double

    static func constant(_ c: Double) -> Dual { Dual(value: c, dx: 0, dy: 0) }

    /// Scales both partials by `factor` and installs `value` (the chain rule).
    @inline(__always)
    private func chain(_ value: Double, _ factor: Double) -> Dual {
        Dual(value: value, dx: factor * dx, dy: factor * dy)
    }

    func apply(_ op: UnaryOperator) -> Dual {
        let a = value
        switch op {
        case .negate: return Dual(value: -a, dx: -dx, dy: -dy)
        case .sin: return chain(Double.sin(a), Double.cos(a))
        case .cos: return chain(Double.cos(a), -Double.sin(a))
        case .tan:
            let t = Double.tan(a)
            return chain(t, 1 + t * t)
        case .exp:
            let e = Double.exp(a)
            return chain(e, e)
        case .log: return chain(Double.log(a), 1 / a)
        case .sqrt:
            let s = a.squareRoot()
            return chain(s, 0.5 / s)
        case .abs: return chain(Swift.abs(a), a > 0 ? 1 : (a < 0 ? -1 : 0))
        case .tanh:
            let t = Double.tanh(a)
            return chain(t, 1 - t * t)
        }
    }

    func apply(_ op: BinaryOperator, _ b: Dual) -> Dual {
        let a = self
        switch op {
        case .add: return Dual(value: a.value + b.value, dx: a.dx + b.dx, dy: a.dy + b.dy)
        case .subtract: return Dual(value: a.value - b.value, dx: a.dx - b.dx, dy: a.dy - b.dy)
        case .multiply:
            return Dual(value: a.value * b.value,
                        dx: a.dx * b.value + a.value * b.dx,
                        dy: a.dy * b.value + a.value * b.dy)
        case .divide:
            let q = a.value / b.value
            return Dual(value: q, dx: (a.dx - q * b.dx) / b.value, dy: (a.dy - q * b.dy) / b.value)
        case .power: return a.power(b)
        case .min: return a.value <= b.value ? a : b
        case .max: return a.value >= b.value ? a : b
        }
    }

    /// a^b with the general rule a^b·(b′ ln a + b a′/a); a constant exponent uses b·a^(b−1)·a′.
    func power(_ b: Dual) -> Dual {
        if b.dx == 0 && b.dy == 0 { return power(constant: b.value) }
        let v = pow(value, b.value)
        let lnA = Double.log(value)
        let ratio = b.value / value
        let partialX = (b.dx == 0 ? 0 : b.dx * lnA) + (dx == 0 ? 0 : ratio * dx)
        let partialY = (b.dy == 0 ? 0 : b.dy * lnA) + (dy == 0 ? 0 : ratio * dy)
        return Dual(value: v, dx: v * partialX, dy: v * partialY)
    }

    /// a^c for a constant c: c·a^(c−1)·a′, correct for negative a and integer c.
    func power(constant c: Double) -> Dual {
        if c == 2 { return chain(value * value, 2 * value) }
        if c == 0 { return .constant(1) }
        return chain(pow(value, c), c * pow(value, c - 1))
    }
}
