import CChildProcess
import Foundation

/// Where ffmpeg writes a video until it is complete, and the step that gives it its name.
///
/// Preferably a nameless file in the destination's folder (O_TMPFILE): if Opta is killed, even
/// with `kill -9`, it vanishes with the last process holding it, so an interrupted export leaves
/// nothing at all. Where the file system cannot, a hidden file `.NAME.opta-partial-PID.EXT` beside
/// the destination: Opta removes it on failure or Ctrl-C, and after a `kill -9` its name says what
/// it is and which process left it. Either way the destination appears only by a rename of the
/// finished file, so readers see the old file or the complete new one.
struct PendingVideoFile: Sendable {
    let destination: String
    /// The descriptor ffmpeg writes through (as its fd 3), open until `commit` or `discard`.
    let descriptor: Int32
    /// The hidden file's path when the file has a name; nil for a nameless file.
    let partialPath: String?

    /// The path ffmpeg opens to write: its own fd 3.
    static let childPath = "/proc/self/fd/3"

    init(destination: String) throws(VideoError) {
        self.destination = destination
        let url = URL(fileURLWithPath: destination)
        let folder = url.deletingLastPathComponent().path
        let nameless = opta_open_nameless_file(folder)
        if nameless >= 0 {
            descriptor = try Self.aboveStandardDescriptors(nameless)
            partialPath = nil
            return
        }
        let name = url.lastPathComponent
        let ext = url.pathExtension
        let partial = "\(folder)/.\(name).opta-partial-\(getpid())\(ext.isEmpty ? "" : "." + ext)"
        let fd = open(partial, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw VideoError(.unwritable, "\(destination): cannot create a file in \(folder) (\(VideoError.errnoText(errno)))")
        }
        descriptor = try Self.aboveStandardDescriptors(fd)
        partialPath = partial
    }

    /// The path ffmpeg should write to, given the file reaches it as fd 3.
    var childOutputPath: String { partialPath ?? Self.childPath }

    /// Flushes the finished video and renames it over the destination.
    func commit() throws(VideoError) {
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            let reason = VideoError.errnoText(errno)
            discardName()
            throw VideoError(.unwritable, "\(destination): write failed (\(reason))")
        }
        var named = partialPath
        if named == nil {
            // Link the nameless file under a hidden name first: linkat cannot replace a file, rename can.
            let url = URL(fileURLWithPath: destination)
            let hidden = "\(url.deletingLastPathComponent().path)/.\(url.lastPathComponent).opta-\(getpid()).\(UInt32.random(in: 0 ... .max))"
            let linked = opta_link_nameless_file(descriptor, hidden)
            guard linked == 0 else {
                throw VideoError(.unwritable, "\(destination): cannot name the finished video (\(VideoError.errnoText(-linked)))")
            }
            named = hidden
        }
        if let named, rename(named, destination) != 0 {
            let reason = VideoError.errnoText(errno)
            unlink(named)
            throw VideoError(.unwritable, "\(destination): cannot rename the finished video into place (\(reason))")
        }
    }

    /// Drops the unfinished video.
    func discard() {
        discardName()
        close(descriptor)
    }

    /// Removes the hidden partial file, if the file has a name (safe from a signal handler's thread).
    func discardName() {
        if let partialPath { unlink(partialPath) }
    }

    /// `fd` moved to a number >= 4 (close-on-exec), so the child can take it as fd 3 untouched.
    static func aboveStandardDescriptors(_ fd: Int32) throws(VideoError) -> Int32 {
        if fd >= 4 { return fd }
        let moved = fcntl(fd, F_DUPFD_CLOEXEC, 4)
        let code = errno
        close(fd)
        guard moved >= 0 else { throw VideoError(.unwritable, "cannot open a file descriptor (\(VideoError.errnoText(code)))") }
        return moved
    }
}
