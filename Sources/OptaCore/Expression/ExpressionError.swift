/// A parse failure: what was expected and where (1-based column).
public struct ExpressionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, e.g. "expected ')'".
    public let message: String
    /// The 1-based column (in characters) where the problem was found.
    public let column: Int
    /// An optional suggestion shown after the column, e.g. "use x and y".
    public let hint: String?

    /// Creates an error with `message` at `column`, and an optional `hint`.
    public init(_ message: String, column: Int, hint: String? = nil) {
        self.message = message
        self.column = column
        self.hint = hint
    }

    /// "message at column N", followed by "; hint" when there is one.
    public var description: String {
        let base = "\(message) at column \(column)"
        guard let hint else { return base }
        return "\(base); \(hint)"
    }
}
