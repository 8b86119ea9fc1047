import CChildProcess
import Foundation

/// One running `ffmpeg`: Opta writes raw frames into its standard input; its error output goes to
/// a nameless file so that nothing has to drain it while it runs (its last line explains a failure).
///
/// The child cannot outlive Opta (see `opta_spawn_bound_child`): it must be started on a thread
/// that lives until `wait()` returns (the command's main thread, or the viewer's render thread).
struct FFmpegChild: Sendable {
    let pid: pid_t
    /// The write end of the child's standard input.
    let input: Int32
    /// The child's standard error, kept for its last line.
    private let errors: Int32

    /// How the child ended.
    struct Exit: Sendable {
        let status: Int32
        let lastErrorLine: String?
        /// CPU time the child used (user + system), in seconds.
        let cpuSeconds: Double
    }

    /// The Debian package to install when ffmpeg is missing.
    static let package = "ffmpeg"

    /// The first executable `ffmpeg` on `searchPath` (a PATH-style list), or nil.
    static func locate(searchPath: String?) -> String? {
        for folder in (searchPath ?? "/usr/bin:/bin").split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/ffmpeg"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Starts `program` with `arguments`, `outputFile` as its fd 3, `niceness` lower in priority.
    init(program: String, arguments: [String], outputFile: Int32, niceness: Int32 = 0) throws(VideoError) {
        var ends: [Int32] = [0, 0]
        let piped = opta_cloexec_pipe(&ends)
        guard piped == 0 else {
            throw VideoError(.unwritable, "cannot create a pipe to ffmpeg (\(VideoError.errnoText(-piped)))")
        }
        let readEnd = try PendingVideoFile.aboveStandardDescriptors(ends[0])
        let writeEnd = try PendingVideoFile.aboveStandardDescriptors(ends[1])
        let errorFile = Self.scratchFile()
        let devNull = open("/dev/null", O_WRONLY | O_CLOEXEC)
        guard errorFile >= 0, devNull >= 0 else {
            [readEnd, writeEnd, errorFile, devNull].filter { $0 >= 0 }.forEach { close($0) }
            throw VideoError(.unwritable, "cannot open ffmpeg's output (\(VideoError.errnoText(errno)))")
        }
        let quiet = (try? PendingVideoFile.aboveStandardDescriptors(devNull)) ?? -1
        let argv = [program] + arguments
        var cStrings = argv.map { strdup($0) }
        cStrings.append(nil)
        let pid = opta_spawn_bound_child(program, &cStrings, readEnd, quiet, errorFile, outputFile, niceness)
        cStrings.forEach { free($0) }
        close(readEnd)
        if quiet >= 0 { close(quiet) }
        guard pid > 0 else {
            close(writeEnd)
            close(errorFile)
            throw VideoError(.ffmpegFailed, "cannot start \(program) (\(VideoError.errnoText(-pid)))")
        }
        self.pid = pid
        input = writeEnd
        errors = errorFile
    }

    /// Writes all of `bytes` to the child's input; false when the child no longer reads (it failed
    /// or was stopped). Needs SIGPIPE ignored (see `ExportInterruption`).
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard var base = bytes.baseAddress else { return true }
        var left = bytes.count
        while left > 0 {
            let n = Foundation.write(input, base, left)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            base += n
            left -= n
        }
        return true
    }

    /// Hands all of `bytes` to the child's input by reference: the pipe holds their pages, not a
    /// copy, which saves copying every frame into the kernel. The bytes must stay unchanged until
    /// the child has read them (`unreadBytes`, `FramesInPipe`). Nil when the system refuses before
    /// a byte is handed (no vmsplice, a sandbox forbids it: `write` instead), false when the child
    /// no longer reads.
    func handByReference(_ bytes: UnsafeRawBufferPointer) -> Bool? {
        guard var base = bytes.baseAddress else { return true }
        var left = bytes.count
        while left > 0 {
            let n = opta_pipe_by_reference(input, base, UInt(left))
            if n < 0 {
                if n == -Int(EINTR) { continue }
                if n != -Int(EPIPE), left == bytes.count { return nil }
                return false
            }
            base += n
            left -= n
        }
        return true
    }

    /// How many bytes the child has yet to read from its input; nil when the system cannot tell.
    func unreadBytes() -> Int? {
        let n = opta_pipe_unread(input)
        return n >= 0 ? n : nil
    }

    /// Closes the child's input (end of the video) and waits for it to finish writing.
    func finish() -> Exit {
        close(input)
        return wait()
    }

    /// Stops the child at once (SIGKILL); `finish` then reaps it.
    func signalKill() {
        Self.kill(pid)
    }

    /// SIGKILLs the child `pid` and whatever it started: its process group (the child makes one of
    /// its own right after the fork, so its pid also names the group; before that, only the child
    /// exists). A wrapper script's own children (`cat`, a real ffmpeg) are stopped with it.
    static func kill(_ pid: pid_t) {
        _ = Foundation.kill(-pid, SIGKILL)
        _ = Foundation.kill(pid, SIGKILL)
    }

    private func wait() -> Exit {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        // WIFEXITED / WEXITSTATUS by hand (macros are not imported): low 7 bits 0 means exited.
        let exitCode: Int32 = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let line = lastErrorLine()
        close(errors)
        return Exit(status: exitCode, lastErrorLine: line, cpuSeconds: cpu)
    }

    /// The last non-empty line ffmpeg wrote to its error output (at most its last 4 KB are read).
    private func lastErrorLine() -> String? {
        let size = lseek(errors, 0, SEEK_END)
        guard size > 0 else { return nil }
        let count = Int(min(size, 4096))
        var buffer = [UInt8](repeating: 0, count: count)
        let n = pread(errors, &buffer, count, size - off_t(count))
        guard n > 0 else { return nil }
        let text = String(decoding: buffer.prefix(n), as: UTF8.self)
        return text.split(whereSeparator: \.isNewline).last.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// A nameless scratch file in the temporary folder (or an unlinked named one), for ffmpeg's errors.
    private static func scratchFile() -> Int32 {
        let folder = NSTemporaryDirectory()
        let nameless = opta_open_nameless_file(folder)
        if nameless >= 0 { return (try? PendingVideoFile.aboveStandardDescriptors(nameless)) ?? -1 }
        var template = Array("\(folder)/opta-ffmpeg-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        if fd >= 0 {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        }
        return fd < 0 ? -1 : ((try? PendingVideoFile.aboveStandardDescriptors(fd)) ?? -1)
    }
}
