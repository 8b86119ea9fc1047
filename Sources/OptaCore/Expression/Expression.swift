/// A parsed user formula f(x, y) with automatic derivatives.
public struct Expression: Sendable {
    /// The formula text as given.
    public let source: String
    let tree: ExpressionTree
    let program: Program

    /// Parses `source`; throws an `ExpressionError` with a column on bad input.
    public init(parsing source: String) throws(ExpressionError) {
        self.source = source
        tree = try Parser.parse(source)
        program = ProgramCompiler.compile(tree)
    }

    /// A formula already parsed (`shifted(by:)`).
    init(source: String, tree: ExpressionTree) {
        self.source = source
        self.tree = tree
        program = ProgramCompiler.compile(tree)
    }

    /// The value at `p`.
    public func value(_ p: SIMD2<Double>) -> Double {
        program.evaluate(p).value
    }

    /// The gradient at `p`, by forward-mode automatic differentiation.
    public func gradient(_ p: SIMD2<Double>) -> SIMD2<Double> {
        let dual = program.evaluate(p)
        return SIMD2(dual.dx, dual.dy)
    }
}
