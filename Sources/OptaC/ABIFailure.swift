#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The status codes of `opta.h` (`opta_status`).
enum ABIStatus: Int32 {
    case ok = 0
    /// The caller's mistake: a NULL pointer, a size out of range.
    case argument = 1
    /// Data that does not validate: scenario, action, path points (`opta` exits with 65).
    case data = 2
    /// A file that could not be read or written.
    case io = 3
}

/// A failed call: the status and the message `opta` would print after "opta: error: ".
struct ABIFailure: Error {
    let status: ABIStatus
    let message: String

    static func argument(_ message: String) -> ABIFailure { ABIFailure(status: .argument, message: message) }
    static func data(_ message: String) -> ABIFailure { ABIFailure(status: .data, message: message) }
    static func io(_ message: String) -> ABIFailure { ABIFailure(status: .io, message: message) }
}

/// Where a call stores its error message: `char **error` of `opta.h`, may be NULL.
public typealias ErrorOut = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?

/// Runs one exported call: its failure becomes a status and, when the caller asked for one, a
/// message in `errorOut`. Every exported function goes through here, so no Swift error crosses the
/// boundary (and the body itself never traps on caller data: it checks sizes and pointers first).
func reporting(_ errorOut: ErrorOut, _ body: () throws(ABIFailure) -> Void) -> Int32 {
    errorOut?.pointee = nil
    do {
        try body()
        return ABIStatus.ok.rawValue
    } catch {
        errorOut?.pointee = CString.copy(error.message)
        return error.status.rawValue
    }
}
