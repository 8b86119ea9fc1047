extension Expression {
    /// The formula less `offset`. Where the formula's top is a sum with a constant term
    /// (`1e6 + x*y`), the offset comes out of that constant (`(1e6 − 1e6) + x*y`), so the Float row
    /// evaluator never forms 1e6 + x·y and the small variation survives (Float near 1e6 steps by
    /// 1/16). Otherwise `f − offset` is appended: exact, though no more precise.
    public func shifted(by offset: Double) -> Expression {
        Expression(source: source, tree: tree.shifted(by: offset))
    }
}

extension ExpressionTree {
    /// See `Expression.shifted(by:)`.
    func shifted(by offset: Double) -> ExpressionTree {
        var shifted = self
        if let (leaf, sign) = additiveConstant(root, sign: 1), case .number(let value) = nodes[leaf] {
            shifted.nodes[leaf] = .number(value - sign * offset)
            return shifted
        }
        shifted.nodes.append(.number(offset))
        shifted.nodes.append(.binary(.subtract, root, shifted.nodes.count - 1))
        return shifted
    }

    /// A number that `node` adds to f through sums, differences and negations, and the sign it
    /// enters f with; nil when there is none.
    private func additiveConstant(_ node: Int, sign: Double) -> (Int, Double)? {
        switch nodes[node] {
        case .number: (node, sign)
        case .binary(.add, let a, let b): additiveConstant(a, sign: sign) ?? additiveConstant(b, sign: sign)
        case .binary(.subtract, let a, let b): additiveConstant(a, sign: sign) ?? additiveConstant(b, sign: -sign)
        case .unary(.negate, let a): additiveConstant(a, sign: -sign)
        default: nil
        }
    }
}
