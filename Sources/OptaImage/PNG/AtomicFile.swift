import Foundation

/// Writes a file so that readers see either the old file or the complete new one, never a part.
public enum AtomicFile {
    /// Writes `bytes` to a temporary file beside `path`, flushes it, then renames it over `path`.
    /// On any failure the temporary file is removed and `path` is left as it was.
    public static func write(_ bytes: [UInt8], to path: String) throws(PNGError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temporary = "\(folder)/.\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0 ... .max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else {
            throw PNGError(.unwritable, path: path, reason: "cannot create a file in \(folder) (\(String(cString: strerror(errno))))")
        }
        var failure: String?
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += n
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw PNGError(.unwritable, path: path, reason: "write failed (\(failure))")
        }
    }
}
