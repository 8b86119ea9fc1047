/// Bounds that keep hostile formulas from exhausting memory or the stack.
enum ExpressionLimits {
    /// The longest accepted source, in characters.
    static let maxSourceLength = 10_000
    /// The deepest accepted nesting of parentheses, unary operators, powers and calls.
    static let maxDepth = 64
    /// The largest accepted tree, in nodes.
    static let maxNodes = 4_096
}
