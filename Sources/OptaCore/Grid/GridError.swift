/// Why a grid or a logged path could not be read: the file (or scenario field), the place in it
/// (dataset, line, column, header) and what to do about it.
///
/// Readers throw these instead of trapping: every size and value in a user's file is checked.
public struct GridError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file name, or the scenario field for inline data.
    public let source: String
    /// Where in the source, e.g. "dataset train_loss", "line 3, column 2", "header"; nil for the whole.
    public let location: String?
    /// What is wrong and how to fix it.
    public let message: String

    public init(source: String, location: String? = nil, message: String) {
        self.source = source
        self.location = location
        self.message = message
    }

    public var description: String {
        location.map { "\(source), \($0): \(message)" } ?? "\(source): \(message)"
    }
}
