/// One-argument operations of the expression language.
enum UnaryOperator: String, Sendable, CaseIterable {
    case negate, sin, cos, tan, exp, log, sqrt, abs, tanh
}

/// Two-argument operations of the expression language.
enum BinaryOperator: String, Sendable, CaseIterable {
    case add, subtract, multiply, divide, power, min, max
}

/// A node of a parsed formula; children are indices of earlier nodes.
enum ExpressionNode: Sendable, Equatable {
    case number(Double)
    case x
    case y
    case unary(UnaryOperator, Int)
    case binary(BinaryOperator, Int, Int)
}

/// A parsed formula as a tree stored flat in post-order: every child precedes its parent,
/// so walking `nodes` front to back evaluates it without recursion. The root is the last node.
struct ExpressionTree: Sendable, Equatable {
    var nodes: [ExpressionNode] = []

    var root: Int { nodes.count - 1 }
}
