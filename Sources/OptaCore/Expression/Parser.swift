/// Recursive-descent parser for formulas in x and y.
///
/// Grammar (lowest precedence first):
/// ```
/// sum     := product (('+' | '-') product)*
/// product := unary (('*' | '/') unary)*
/// unary   := ('-' | '+') unary | power
/// power   := primary ('^' unary)?          // right-associative, binds tighter than unary minus
/// primary := number | x | y | pi | e | name '(' sum (',' sum)* ')' | '(' sum ')'
/// ```
struct Parser {
    private let tokens: [Token]
    private var position = 0
    private var depth = 0
    private var tree = ExpressionTree()

    private init(tokens: [Token]) {
        self.tokens = tokens
    }

    /// Parses `source` into a tree, enforcing the limits in `ExpressionLimits`.
    static func parse(_ source: String) throws(ExpressionError) -> ExpressionTree {
        let length = source.unicodeScalars.count
        if length > ExpressionLimits.maxSourceLength {
            throw ExpressionError(
                "formula too long (\(length) characters, limit \(ExpressionLimits.maxSourceLength))",
                column: ExpressionLimits.maxSourceLength + 1)
        }
        var parser = Parser(tokens: try Lexer.tokenize(source))
        _ = try parser.sum()
        let last = parser.current
        if last.kind != .end {
            throw ExpressionError("expected an operator or end of input, found \(last.spelling)", column: last.column)
        }
        return parser.tree
    }

    private var current: Token { tokens[position] }

    private mutating func advance() {
        if position < tokens.count - 1 { position += 1 }
    }

    private mutating func add(_ node: ExpressionNode, at column: Int) throws(ExpressionError) -> Int {
        if tree.nodes.count >= ExpressionLimits.maxNodes {
            throw ExpressionError("formula too large (limit \(ExpressionLimits.maxNodes) nodes)", column: column)
        }
        tree.nodes.append(node)
        return tree.nodes.count - 1
    }

    private mutating func enter(at column: Int) throws(ExpressionError) {
        depth += 1
        if depth > ExpressionLimits.maxDepth {
            throw ExpressionError("formula nested too deeply (limit \(ExpressionLimits.maxDepth))", column: column)
        }
    }

    private mutating func sum() throws(ExpressionError) -> Int {
        var left = try product()
        while true {
            let token = current
            let op: BinaryOperator
            switch token.kind {
            case .plus: op = .add
            case .minus: op = .subtract
            default: return left
            }
            advance()
            let right = try product()
            left = try add(.binary(op, left, right), at: token.column)
        }
    }

    private mutating func product() throws(ExpressionError) -> Int {
        var left = try unary()
        while true {
            let token = current
            let op: BinaryOperator
            switch token.kind {
            case .star: op = .multiply
            case .slash: op = .divide
            default: return left
            }
            advance()
            let right = try unary()
            left = try add(.binary(op, left, right), at: token.column)
        }
    }

    private mutating func unary() throws(ExpressionError) -> Int {
        let token = current
        try enter(at: token.column)
        defer { depth -= 1 }
        switch token.kind {
        case .minus:
            advance()
            let operand = try unary()
            return try add(.unary(.negate, operand), at: token.column)
        case .plus:
            advance()
            return try unary()
        default:
            return try power()
        }
    }

    private mutating func power() throws(ExpressionError) -> Int {
        let base = try primary()
        let token = current
        guard token.kind == .caret else { return base }
        advance()
        let exponent = try unary()
        return try add(.binary(.power, base, exponent), at: token.column)
    }

    private mutating func primary() throws(ExpressionError) -> Int {
        let token = current
        switch token.kind {
        case .number(let value):
            advance()
            return try add(.number(value), at: token.column)
        case .leftParen:
            advance()
            let inner = try sum()
            try expect(.rightParen, "')'")
            return inner
        case .identifier(let name):
            advance()
            if current.kind == .leftParen { return try call(name, at: token.column) }
            return try variable(name, at: token.column)
        default:
            throw ExpressionError("expected a number, variable, function or '('", column: token.column)
        }
    }

    private mutating func variable(_ name: String, at column: Int) throws(ExpressionError) -> Int {
        switch name {
        case "x": return try add(.x, at: column)
        case "y": return try add(.y, at: column)
        case "pi": return try add(.number(Double.pi), at: column)
        case "e": return try add(.number(2.718281828459045), at: column)
        default:
            if FunctionTable.arity(of: name) != nil {
                throw ExpressionError("expected '(' after function '\(name)'", column: current.column)
            }
            throw ExpressionError("unknown variable '\(name)'", column: column, hint: "use x and y")
        }
    }

    private mutating func call(_ name: String, at column: Int) throws(ExpressionError) -> Int {
        guard let arity = FunctionTable.arity(of: name) else {
            throw ExpressionError("unknown function '\(name)'", column: column)
        }
        advance()  // '('
        var arguments: [Int] = [try sum()]
        while current.kind == .comma {
            advance()
            arguments.append(try sum())
        }
        try expect(.rightParen, "')'")
        guard arguments.count == arity else {
            let noun = arity == 1 ? "argument" : "arguments"
            throw ExpressionError("\(name) takes \(arity) \(noun), got \(arguments.count)", column: column)
        }
        switch FunctionTable.lookup(name) {
        case .unary(let op)?: return try add(.unary(op, arguments[0]), at: column)
        case .binary(let op)?: return try add(.binary(op, arguments[0], arguments[1]), at: column)
        case nil: throw ExpressionError("unknown function '\(name)'", column: column)
        }
    }

    private mutating func expect(_ kind: Token.Kind, _ spelling: String) throws(ExpressionError) {
        guard current.kind == kind else {
            throw ExpressionError("expected \(spelling)", column: current.column)
        }
        advance()
    }
}
