/// Splits formula source into tokens, reporting bad numbers and stray characters.
struct Lexer {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ source: String) {
        scalars = Array(source.unicodeScalars)
    }

    /// All tokens of the source, ending with `.end`.
    static func tokenize(_ source: String) throws(ExpressionError) -> [Token] {
        var lexer = Lexer(source)
        var tokens: [Token] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let i = index + offset
        return i < scalars.count ? scalars[i] : nil
    }

    private static func isDigit(_ c: Unicode.Scalar?) -> Bool {
        guard let c else { return false }
        return c >= "0" && c <= "9"
    }

    private static func isIdentifierStart(_ c: Unicode.Scalar?) -> Bool {
        guard let c else { return false }
        return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c == "_"
    }

    private static func isIdentifierPart(_ c: Unicode.Scalar?) -> Bool {
        isIdentifierStart(c) || isDigit(c)
    }

    mutating func next() throws(ExpressionError) -> Token {
        while let c = peek(), c == " " || c == "\t" || c == "\n" || c == "\r" { index += 1 }
        let column = index + 1
        guard let c = peek() else { return Token(kind: .end, column: column) }
        if Lexer.isDigit(c) || c == "." { return try number() }
        if Lexer.isIdentifierStart(c) {
            var name = ""
            while Lexer.isIdentifierPart(peek()) {
                name.unicodeScalars.append(scalars[index])
                index += 1
            }
            return Token(kind: .identifier(name), column: column)
        }
        index += 1
        let kind: Token.Kind
        switch c {
        case "+": kind = .plus
        case "-", "\u{2212}": kind = .minus
        case "*": kind = .star
        case "/": kind = .slash
        case "^": kind = .caret
        case ",": kind = .comma
        case "(": kind = .leftParen
        case ")": kind = .rightParen
        default: throw ExpressionError("unexpected character '\(c)'", column: column)
        }
        return Token(kind: kind, column: column)
    }

    /// Scans `digits [. digits] [e [+-] digits]`; anything glued on makes it a bad number.
    private mutating func number() throws(ExpressionError) -> Token {
        let start = index
        var valid = true
        var mantissaDigits = 0
        while Lexer.isDigit(peek()) { index += 1; mantissaDigits += 1 }
        if peek() == "." {
            index += 1
            while Lexer.isDigit(peek()) { index += 1; mantissaDigits += 1 }
        }
        if mantissaDigits == 0 { valid = false }
        if valid, peek() == "e" || peek() == "E" {
            index += 1
            if peek() == "+" || peek() == "-" { index += 1 }
            if Lexer.isDigit(peek()) {
                while Lexer.isDigit(peek()) { index += 1 }
            } else {
                valid = false
            }
        }
        // Letters, digits or dots glued to the number belong to the bad token.
        while Lexer.isIdentifierPart(peek()) || peek() == "." {
            index += 1
            valid = false
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[start..<index])
        let column = start + 1
        guard valid, let value = Double(text) else {
            throw ExpressionError("bad number '\(text)'", column: column)
        }
        guard value.isFinite else {
            throw ExpressionError("number '\(text)' is too large", column: column)
        }
        return Token(kind: .number(value), column: column)
    }
}
