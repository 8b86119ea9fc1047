import Foundation

/// Where a command's status lines ("wrote out.png …") go: standard output, unless one of the
/// command's data outputs is `-` (standard output), which then carries only the data.
struct StatusOutput {
    let toStandardError: Bool

    /// Checks that at most one data output is `-` and decides where status lines go.
    /// - Parameter outputs: each output flag and its path, e.g. `("--output", output)`.
    init(outputs: [(flag: String, path: String?)]) throws {
        let toStdout = outputs.filter { $0.path == "-" }.map(\.flag)
        guard toStdout.count <= 1 else {
            throw CommandFailure.usage("\(toStdout.joined(separator: " and ")) all ask for standard output (-); give at most one of them -, the others a file path")
        }
        toStandardError = !toStdout.isEmpty
    }

    /// Prints one status line.
    func say(_ line: String) {
        if toStandardError {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        } else {
            print(line)
        }
    }
}
