import Foundation

/// A file being written in a folder under no name at all (Linux `O_TMPFILE`), given its name only
/// when complete. A process killed while writing leaves nothing behind: the kernel frees a file no
/// name points to.
///
/// Where the file system cannot make anonymous files, `create` returns nil and the caller falls
/// back to a hidden temporary name.
struct AnonymousFile {
    let descriptor: Int32
    let folder: String

    #if os(Linux) && (arch(x86_64) || arch(arm64))
    /// `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which Glibc's Swift overlay does not export; this is
    /// its value on x86-64 and AArch64 (the generic Linux value).
    static let openFlag: Int32? = 0o20000000 | O_DIRECTORY
    #else
    static let openFlag: Int32? = nil
    #endif

    /// Opens an anonymous file in `folder`, or returns nil when the system or file system has none.
    /// Throws only for errors a hidden temporary file would meet too (permissions, missing folder).
    static func create(in folder: String, mode: mode_t) throws(AtomicFile.Failure) -> AnonymousFile? {
        guard let flag = openFlag else { return nil }
        let fd = open(folder, flag | O_WRONLY | O_CLOEXEC, mode)
        if fd >= 0 { return AnonymousFile(descriptor: fd, folder: folder) }
        switch errno {
        case EOPNOTSUPP, EISDIR, EINVAL:
            return nil  // no O_TMPFILE here: the caller uses a hidden temporary name
        case ENOENT where FileManager.default.fileExists(atPath: folder):
            return nil  // old kernels report a missing O_TMPFILE as ENOENT
        default:
            throw AtomicFile.Failure("cannot create a file in \(folder) (\(String(cString: strerror(errno))))")
        }
    }

    /// Gives the complete file the name `temporary` in its folder (through `/proc/self/fd`, which
    /// needs no privilege). Returns false when `/proc` is not mounted or the link is refused.
    func link(as temporary: String) -> Bool {
        linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, temporary, AT_SYMLINK_FOLLOW) == 0
    }
}
