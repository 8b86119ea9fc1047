/// The objective a landscape shows: a built-in function or a user formula.
public enum Objective: Sendable {
    case builtin(BuiltinFunction)
    case expression(Expression)

    /// The built-in's display name, or the formula source.
    public var displayName: String {
        switch self {
        case .builtin(let function): function.displayName
        case .expression(let expression): expression.source
        }
    }

    /// The value at `p`.
    public func value(_ p: SIMD2<Double>) -> Double {
        switch self {
        case .builtin(let function): function.value(p)
        case .expression(let expression): expression.value(p)
        }
    }

    /// The gradient at `p`.
    public func gradient(_ p: SIMD2<Double>) -> SIMD2<Double> {
        switch self {
        case .builtin(let function): function.gradient(p)
        case .expression(let expression): expression.gradient(p)
        }
    }

    /// The known global minima; empty for expressions.
    public var minima: [KnownMinimum] {
        switch self {
        case .builtin(let function): function.minima
        case .expression: []
        }
    }
}
