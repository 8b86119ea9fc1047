#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads what has arrived on standard input (`opta view --follow -`) without waiting for more,
/// so the reader thread can look again later and stop when the viewer quits. Used from that one
/// thread only.
struct StandardInputTail {
    /// What one look found.
    enum Change: Equatable {
        case appended([UInt8])
        case unchanged
        /// The writer closed its end (a pipe), or standard input is closed: nothing more will come.
        case ended
    }

    private var buffer = [UInt8](repeating: 0, count: 1 << 20)

    mutating func poll() -> Change {
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        let ready = pollNow(&descriptor)
        if ready < 0 { return errno == EINTR || errno == EAGAIN ? .unchanged : .ended }
        if ready == 0 { return .unchanged }
        if descriptor.revents & Int16(POLLNVAL) != 0 { return .ended }
        let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if count > 0 { return .appended(Array(buffer[0..<count])) }
        if count < 0 { return errno == EINTR || errno == EAGAIN ? .unchanged : .ended }
        // Zero bytes: the end of a pipe, or for a regular file redirected in, only its end for
        // now (it may still grow, as a followed file does).
        var info = stat()
        return fstat(0, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? .unchanged : .ended
    }
}

/// poll(2) without waiting (a free function: inside `StandardInputTail`, `poll` names its method).
private func pollNow(_ descriptor: inout pollfd) -> Int32 {
    poll(&descriptor, 1, 0)
}
