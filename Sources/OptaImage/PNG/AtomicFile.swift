import Foundation

/// Writes an output file without ever destroying what is not Opta's to replace.
///
/// A regular file (or a new name) is replaced atomically: readers see the old file or the complete
/// new one, never a part, and a process killed while writing leaves nothing behind (the data goes
/// to an anonymous file, named only when complete; where the file system has no anonymous files, to
/// a hidden `.NAME.PID.N.tmp` beside it). A symbolic link is followed and its target replaced. A FIFO
/// or character device is written in place, and `-` means standard output. A folder, socket or block
/// device is refused (see `OutputDestination`).
public enum AtomicFile {
    /// Why a write failed, without the path (the caller adds it).
    struct Failure: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Writes `bytes` to `path` as described on `AtomicFile`. On failure a replaced file is left as it was.
    public static func write(_ bytes: [UInt8], to path: String) throws(PNGError) {
        try write(bytes, to: path, useAnonymousFile: true, beforeNaming: {})
    }

    /// The same, with the seams tests use: whether to try an anonymous file first, and a call made
    /// after the data is written and synced but before it gets a name.
    static func write(_ bytes: [UInt8], to path: String, useAnonymousFile: Bool,
                      beforeNaming: () -> Void) throws(PNGError) {
        let destination = try OutputDestination.resolve(path)
        do throws(Failure) {
            switch destination {
            case .standardOutput:
                try writeAll(bytes, to: STDOUT_FILENO)
            case .stream(let device):
                let fd = open(device, O_WRONLY | O_CLOEXEC | O_NOCTTY)
                guard fd >= 0 else { throw Failure("cannot open \(device) (\(String(cString: strerror(errno))))") }
                defer { close(fd) }
                try writeAll(bytes, to: fd)
            case .file(let target, let existing):
                try replace(target, existing: existing, with: bytes, useAnonymousFile: useAnonymousFile,
                            beforeNaming: beforeNaming)
            }
        } catch {
            throw PNGError(.unwritable, path: path, reason: error.reason)
        }
    }

    /// Writes a complete new version of the regular file `target` and renames it over the old one.
    private static func replace(_ target: String, existing: Bool, with bytes: [UInt8], useAnonymousFile: Bool,
                                beforeNaming: () -> Void) throws(Failure) {
        let folder = OutputDestination.folder(of: target)
        var mode: mode_t = 0o644
        if existing {
            var info = stat()
            if stat(target, &info) == 0 { mode = info.st_mode & 0o7777 }
        }
        let temporary = "\(folder)/.\(OutputDestination.name(of: target)).\(getpid()).\(UInt32.random(in: 0 ... .max)).tmp"
        var named = false, triedAnonymous = false
        if useAnonymousFile, let anonymous = try AnonymousFile.create(in: folder, mode: mode) {
            do throws(Failure) {
                defer { close(anonymous.descriptor) }
                try writeAll(bytes, to: anonymous.descriptor)
                if fsync(anonymous.descriptor) != 0 { throw Failure(String(cString: strerror(errno))) }
                if existing { _ = fchmod(anonymous.descriptor, mode) }  // a new file keeps the umask's mode
                beforeNaming()
                triedAnonymous = true
                named = anonymous.link(as: temporary)
            } catch {
                throw Failure("write failed (\(error.reason))")
            }
            if named { return try commit(temporary, to: target) }
            // No /proc, or linking refused: write it again under a hidden name.
        }
        if triedAnonymous {
            try replaceThroughHiddenFile(temporary, target, bytes, mode, beforeNaming: {})
        } else {
            try replaceThroughHiddenFile(temporary, target, bytes, mode, beforeNaming: beforeNaming)
        }
    }

    /// The fallback: the data goes to a hidden temporary name beside the target, then is renamed.
    private static func replaceThroughHiddenFile(_ temporary: String, _ target: String, _ bytes: [UInt8], _ mode: mode_t,
                                                 beforeNaming: () -> Void) throws(Failure) {
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else {
            throw Failure("cannot create a file in \(OutputDestination.folder(of: target)) (\(String(cString: strerror(errno))))")
        }
        var failure: Failure?
        do throws(Failure) {
            try writeAll(bytes, to: fd)
            if fsync(fd) != 0 { throw Failure(String(cString: strerror(errno))) }
        } catch {
            failure = error
        }
        if close(fd) != 0, failure == nil { failure = Failure(String(cString: strerror(errno))) }
        beforeNaming()
        if let failure {
            unlink(temporary)
            throw Failure("write failed (\(failure.reason))")
        }
        try commit(temporary, to: target)
    }

    /// Renames the complete temporary file over the target; removes it when that fails.
    private static func commit(_ temporary: String, to target: String) throws(Failure) {
        if rename(temporary, target) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure("write failed (\(reason))")
        }
    }

    /// Writes every byte to `fd`, retrying short writes and interruptions.
    static func writeAll(_ bytes: [UInt8], to fd: Int32) throws(Failure) {
        var failure: Failure?
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, base + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = Failure(String(cString: strerror(errno)))
                    return
                }
                offset += n
            }
        }
        if let failure { throw failure }
    }
}
