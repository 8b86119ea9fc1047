/// The objective a landscape shows: a built-in function, a user formula, or a grid of samples.
public enum Objective: Sendable {
    case builtin(BuiltinFunction)
    case expression(Expression)
    /// Samples read from a file or given inline, with their interpolant (see `GridLandscape`).
    case grid(GridLandscape)

    /// The built-in's display name, the formula source, or the grid's source and size.
    public var displayName: String {
        switch self {
        case .builtin(let function): function.displayName
        case .expression(let expression): expression.source
        case .grid(let grid): grid.displayName
        }
    }

    /// The value at `p`.
    public func value(_ p: SIMD2<Double>) -> Double {
        switch self {
        case .builtin(let function): function.value(p)
        case .expression(let expression): expression.value(p)
        case .grid(let grid): grid.value(p)
        }
    }

    /// The gradient at `p`.
    public func gradient(_ p: SIMD2<Double>) -> SIMD2<Double> {
        switch self {
        case .builtin(let function): function.gradient(p)
        case .expression(let expression): expression.gradient(p)
        case .grid(let grid): grid.gradient(p)
        }
    }

    /// The known global minima; empty for expressions and grids (a grid's lowest sample is not
    /// known to be the function's minimum: see `GridLandscape.lowest`).
    public var minima: [KnownMinimum] {
        switch self {
        case .builtin(let function): function.minima
        case .expression, .grid: []
        }
    }

    /// Whether it is one of Opta's built-in functions (not a formula or a grid).
    public var isBuiltin: Bool {
        if case .builtin = self { return true }
        return false
    }

    /// The grid behind the landscape, if it is one.
    public var grid: GridLandscape? {
        if case .grid(let g) = self { return g }
        return nil
    }
}
