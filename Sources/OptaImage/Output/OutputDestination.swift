import Foundation

/// What an output path names, and so how Opta may write to it without destroying anything it
/// does not own.
///
/// Only a regular file (or a name that does not exist yet) is replaced atomically. A symbolic link
/// is followed to its target; a FIFO or a character device (`/dev/null`, a terminal) is opened and
/// written in place; `-` is standard output. Anything else (a folder, a socket, a block device) is
/// refused with a message.
public enum OutputDestination: Equatable, Sendable {
    /// `-`: written to standard output.
    case standardOutput
    /// A regular file or a new name (symbolic links already followed): replaced atomically.
    case file(path: String, existing: Bool)
    /// A FIFO or character device (symbolic links already followed): written in place, streaming.
    case stream(path: String)

    /// How many symbolic links are followed before giving up (Linux's own limit).
    static let maxLinkHops = 40

    /// Resolves `path` without opening or creating anything.
    /// - Parameter example: a file name to suggest when `path` is a folder, e.g. `"out.png"`.
    public static func resolve(_ path: String, example: String = "out.png") throws(PNGError) -> OutputDestination {
        if path == "-" { return .standardOutput }
        guard !path.isEmpty else {
            throw PNGError(.unwritable, path: "\"\"", reason: "the output path is empty; give a file name such as \(example), or - for standard output")
        }
        if path.hasSuffix("/") {
            var info = stat()
            let isFolder = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
            throw PNGError(.unwritable, path: path, reason: isFolder
                ? "is a folder; give a file name inside it, such as \(path)\(example)"
                : "ends with /; give a file name such as \(example)")
        }
        var current = path
        for _ in 0...maxLinkHops {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                let code = errno
                guard code == ENOENT else {
                    throw PNGError(.unwritable, path: path, reason: "cannot inspect \(current) (\(String(cString: strerror(code))))")
                }
                try checkFolder(of: current, for: path)
                return .file(path: current, existing: false)
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                current = try linkTarget(of: current, for: path)
            case S_IFREG:
                try checkFolder(of: current, for: path)
                return .file(path: current, existing: true)
            case S_IFIFO, S_IFCHR:
                guard access(current, W_OK) == 0 else {
                    throw PNGError(.unwritable, path: path, reason: "\(current) is not writable; choose another output path")
                }
                return .stream(path: current)
            case S_IFDIR:
                throw PNGError(.unwritable, path: path, reason: "is a folder; give a file name inside it, such as \(folderJoin(current, example))")
            default:
                let kind = (info.st_mode & S_IFMT) == S_IFSOCK ? "a socket" : "a block device"
                throw PNGError(.unwritable, path: path, reason: "\(current == path ? "is" : "leads to \(current), which is") \(kind); Opta writes only to regular files, FIFOs, character devices or - (standard output)")
            }
        }
        throw PNGError(.unwritable, path: path, reason: "more than \(maxLinkHops) symbolic links in a row (a loop?); give the real file's path")
    }

    /// The target of the symbolic link at `link`, relative targets taken from the link's folder.
    private static func linkTarget(of link: String, for path: String) throws(PNGError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(link, &buffer, buffer.count - 1)
        guard count >= 0 else {
            throw PNGError(.unwritable, path: path, reason: "cannot read the symbolic link \(link) (\(String(cString: strerror(errno))))")
        }
        let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") { return target }
        return folderJoin(folder(of: link), target)
    }

    /// Checks that the folder a new or replaced file goes into exists, is a folder and is writable.
    static func checkFolder(of file: String, for path: String) throws(PNGError) {
        let folder = folder(of: file)
        var info = stat()
        guard stat(folder, &info) == 0 else {
            throw PNGError(.unwritable, path: path, reason: "the folder \(folder) does not exist; create it or choose another output path")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw PNGError(.unwritable, path: path, reason: "\(folder) is not a folder; choose another output path")
        }
        guard access(folder, W_OK) == 0 else {
            throw PNGError(.unwritable, path: path, reason: "the folder \(folder) is not writable; choose another output path")
        }
    }

    /// The folder part of `path` (`.` when it has none).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let head = path[..<slash]
        return head.isEmpty ? "/" : String(head)
    }

    /// The last component of `path`.
    static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    private static func folderJoin(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
