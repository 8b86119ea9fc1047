/// One lexical token of a formula, with its 1-based column.
struct Token: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case number(Double)
        case identifier(String)
        case plus, minus, star, slash, caret, comma, leftParen, rightParen
        case end
    }

    let kind: Kind
    let column: Int

    /// How the token reads in an error message.
    var spelling: String {
        switch kind {
        case .number(let value): "number \(value)"
        case .identifier(let name): "'\(name)'"
        case .plus: "'+'"
        case .minus: "'-'"
        case .star: "'*'"
        case .slash: "'/'"
        case .caret: "'^'"
        case .comma: "','"
        case .leftParen: "'('"
        case .rightParen: "')'"
        case .end: "end of input"
        }
    }
}
