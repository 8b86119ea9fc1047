import Foundation
import OptaImage
import Testing

/// Issue 20, item 1: every output flag writes FIFOs, devices and `-` in place and refuses the rest.
@Suite(.serialized) struct OutputSafetyTests {
    func kind(_ path: String) -> mode_t {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return info.st_mode & S_IFMT
    }

    @Test func renderToStandardOutputWritesThePNGThereAndStatusToStandardError() throws {
        let folder = temporaryFolder()
        let result = try OptaProcess.run(["render", "-o", "-", "--width", "64", "--height", "64", "--a11y", "\(folder)/t.json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutBytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "stdout is not a PNG")
        #expect(result.stderr.contains("wrote -"))
        #expect(!FileManager.default.fileExists(atPath: "-"))
    }

    @Test func twoOutputsOnStandardOutputAreAUsageError() throws {
        let result = try OptaProcess.run(["render", "-o", "-", "--a11y", "-"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--output and --a11y"))
    }

    @Test func everyOutputFlagWritesACharacterDeviceInPlace() throws {
        let folder = temporaryFolder()
        let runs: [[String]] = [
            ["render", "-o", "/dev/null", "--width", "64", "--height", "64", "--a11y", "/dev/null"],
            ["solve", "--steps", "3", "--checkpoint", "/dev/null"],
            ["golden", "diff", "\(OptaProcess.packageRoot.path)/Goldens/r1-landscape2d.png",
             "\(OptaProcess.packageRoot.path)/Goldens/r1-landscape2d.png", "-o", "/dev/null"],
        ]
        for arguments in runs {
            let result = try OptaProcess.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(kind("/dev/null") == S_IFCHR)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func aFIFOGivenAsCheckpointIsStreamedNotReplaced() throws {
        let folder = temporaryFolder()
        let fifo = "\(folder)/checkpoint.json"
        #expect(mkfifo(fifo, 0o644) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        let result = try OptaProcess.run(["solve", "--steps", "2", "--checkpoint", fifo])
        #expect(result.status == 0, "\(result.stderr)")
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = read(reader, &buffer, buffer.count)
        #expect(count > 0 && buffer[0] == UInt8(ascii: "{"))
        #expect(kind(fifo) == S_IFIFO)
    }

    @Test func anEmptyOutputPathIsAUsageError() throws {
        let result = try OptaProcess.run(["render", "-o", ""])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("--output") && result.stderr.contains("empty"))
    }

    @Test func aFolderGivenToStatsSuggestsAJSONName() throws {
        let folder = temporaryFolder()
        let result = try OptaProcess.run(["view", "--stats", folder, "--frames", "1"],
                                         environment: ["SDL_VIDEODRIVER": "dummy"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("--stats") && result.stderr.contains("stats.json") && !result.stderr.contains(".png"))
    }
}
