import ArgumentParser
import Foundation

/// A failure the user can act on: a one-line message and the exit status it maps to
/// (64 usage, 65 bad input data, 1 anything else).
struct CommandFailure: Error, CustomStringConvertible {
    enum Status: Int32 {
        case failure = 1
        case usage = 64
        case badData = 65
        /// No display for a window (EX_UNAVAILABLE).
        case unavailable = 69
    }

    let status: Status
    let message: String

    var description: String { message }

    static func usage(_ message: String) -> CommandFailure { CommandFailure(status: .usage, message: message) }
    static func badData(_ message: String) -> CommandFailure { CommandFailure(status: .badData, message: message) }
    static func failure(_ message: String) -> CommandFailure { CommandFailure(status: .failure, message: message) }
}

extension ParsableCommand {
    /// Runs `body`, printing a `CommandFailure` as `opta: error: …` and exiting with its status.
    func reportingFailures(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let failure as CommandFailure {
            FileHandle.standardError.write(Data("opta: error: \(failure.message)\n".utf8))
            throw ExitCode(failure.status.rawValue)
        }
    }
}
