import Foundation
import Testing
@testable import OptaImage

/// an output path that is not a regular file must never be replaced.
@Suite struct OutputDestinationTests {
    func kind(_ path: String) -> mode_t {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return info.st_mode & S_IFMT
    }

    @Test func aFIFOIsWrittenInPlaceNotReplaced() throws {
        let folder = makeTemporaryFolder()
        let fifo = "\(folder)/out.png"
        #expect(mkfifo(fifo, 0o644) == 0)
        // A reader that does not block, so that a wrong implementation fails instead of hanging.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        try AtomicFile.write([1, 2, 3, 4, 5], to: fifo)
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = read(reader, &buffer, buffer.count)
        #expect(count == 5)
        #expect(Array(buffer.prefix(5)) == [1, 2, 3, 4, 5])
        #expect(kind(fifo) == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.png"])
    }

    @Test func aCharacterDeviceIsWrittenInPlace() throws {
        try AtomicFile.write([UInt8](repeating: 7, count: 1000), to: "/dev/null")
        #expect(kind("/dev/null") == S_IFCHR)
        #expect(try OutputDestination.resolve("/dev/null") == .stream(path: "/dev/null"))
    }

    @Test func aSymbolicLinkIsFollowedToItsTarget() throws {
        let folder = makeTemporaryFolder()
        try FileManager.default.createDirectory(atPath: "\(folder)/real", withIntermediateDirectories: true)
        try Data([9, 9]).write(to: URL(fileURLWithPath: "\(folder)/real/target.png"))
        #expect(symlink("real/target.png", "\(folder)/link.png") == 0)
        try AtomicFile.write([1, 2, 3], to: "\(folder)/link.png")
        #expect(kind("\(folder)/link.png") == S_IFLNK)
        #expect(FileManager.default.contents(atPath: "\(folder)/real/target.png") == Data([1, 2, 3]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(folder)/real") == ["target.png"])
    }

    @Test func aDanglingSymbolicLinkCreatesItsTarget() throws {
        let folder = makeTemporaryFolder()
        #expect(symlink("new.png", "\(folder)/link.png") == 0)
        try AtomicFile.write([4], to: "\(folder)/link.png")
        #expect(kind("\(folder)/link.png") == S_IFLNK)
        #expect(FileManager.default.contents(atPath: "\(folder)/new.png") == Data([4]))
    }

    @Test func aSymbolicLinkLoopIsRefused() {
        let folder = makeTemporaryFolder()
        #expect(symlink("b", "\(folder)/a") == 0)
        #expect(symlink("a", "\(folder)/b") == 0)
        #expect { try AtomicFile.write([1], to: "\(folder)/a") } throws: { error in
            "\(error)".contains("symbolic links in a row")
        }
        #expect(kind("\(folder)/a") == S_IFLNK)
    }

    @Test func aSocketIsRefusedAndKept() throws {
        let folder = makeTemporaryFolder()
        let path = "\(folder)/opta.sock"
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.enumerated() where i < raw.count - 1 { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        #expect { try AtomicFile.write([1], to: path) } throws: { error in
            "\(error)".contains("is a socket") && "\(error)".contains("regular files, FIFOs")
        }
        #expect(kind(path) == S_IFSOCK)
    }

    @Test func aFolderIsRefusedWithTheKindOfNameToGive() {
        let folder = makeTemporaryFolder()
        #expect { try PNGWriter.checkDestination(folder, example: "stats.json") } throws: { error in
            "\(error)".contains("is a folder") && "\(error)".contains("stats.json") && !"\(error)".contains(".png")
        }
    }

    @Test func anEmptyPathIsRefused() {
        #expect { try PNGWriter.checkDestination("") } throws: { error in "\(error)".contains("empty") }
    }

    @Test func aReplacedFileKeepsItsPermissions() throws {
        let folder = makeTemporaryFolder()
        let path = "\(folder)/kept.json"
        try Data([1]).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, 0o600) == 0)
        try AtomicFile.write([2], to: path)
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
    }
}

/// while the data is written no name exists for it, so kill -9 leaves nothing.
@Suite struct AnonymousTemporaryFileTests {
    @Test func noNameExistsWhileTheDataIsWritten() throws {
        let folder = makeTemporaryFolder()
        let path = "\(folder)/big.png"
        try Data([1]).write(to: URL(fileURLWithPath: path))
        var seen: [String] = []
        try AtomicFile.write([UInt8](repeating: 3, count: 1 << 20), to: path, useAnonymousFile: true) {
            seen = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        }
        #expect(seen == ["big.png"])
        #expect(FileManager.default.contents(atPath: path)?.count == 1 << 20)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["big.png"])
    }

    @Test func theHiddenTemporaryFallbackStillWorks() throws {
        let folder = makeTemporaryFolder()
        let path = "\(folder)/fallback.png"
        var seen: [String] = []
        try AtomicFile.write([5, 6], to: path, useAnonymousFile: false) {
            seen = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        }
        #expect(seen.count == 1 && seen[0].hasPrefix(".fallback.png.") && seen[0].hasSuffix(".tmp"))
        #expect(FileManager.default.contents(atPath: path) == Data([5, 6]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["fallback.png"])
    }
}
