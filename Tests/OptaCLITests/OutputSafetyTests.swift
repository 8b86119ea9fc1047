import Foundation
import OptaImage
import Testing

/// every output flag writes FIFOs, devices and `-` in place and refuses the rest.
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

/// the two reported crashes, through the whole render path.
@Suite(.serialized) struct ExtremeViewTests {
    @Test func replayingHugePansRendersInsteadOfTrapping() throws {
        let folder = temporaryFolder()
        try writeFile("""
            {"frame":1,"action":{"type":"pan","by":[1e308,1e308]}}
            {"frame":2,"action":{"type":"pan","by":[1e308,1e308]}}
            """, "\(folder)/t.jsonl")
        let result = try OptaProcess.run(["render", "--replay", "\(folder)/t.jsonl", "--frame", "3",
                                          "-o", "\(folder)/a.png", "--width", "160", "--height", "120"])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func aDomainOfPlusMinus1e308IsRejectedNotATrap() throws {
        let folder = temporaryFolder()
        try writeFile(#"{"version":1,"landscape":{"expression":"x^2+y^2","domain":{"x":[-1e308,1e308],"y":[-1,1]}}}"#, "\(folder)/d.json")
        try writeFile(#"{"frame":1,"action":{"type":"pan","by":[0.5,0]}}"#, "\(folder)/p.jsonl")
        let result = try OptaProcess.run(["render", "\(folder)/d.json", "--replay", "\(folder)/p.jsonl", "--frame", "2",
                                          "-o", "\(folder)/b.png", "--width", "160", "--height", "120"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("landscape.domain.x"))
    }

    @Test func extremeButValidDomainsAndZoomsRender() throws {
        let folder = temporaryFolder()
        try writeFile(#"{"version":1,"landscape":{"expression":"x^2+y^2","domain":{"x":[-1e300,1e300],"y":[1e-300,2e-300]}}}"#, "\(folder)/d.json")
        try writeFile("""
            {"frame":1,"action":{"type":"zoom","factor":1e300,"about":[0.5,0.5]}}
            {"frame":2,"action":{"type":"pan","by":[1e300,-1e300]}}
            {"frame":3,"action":{"type":"zoom","factor":1e-300,"about":[1e300,-1e300]}}
            """, "\(folder)/z.jsonl")
        let result = try OptaProcess.run(["render", "\(folder)/d.json", "--replay", "\(folder)/z.jsonl", "--frame", "4",
                                          "-o", "\(folder)/c.png", "--width", "160", "--height", "120"])
        #expect(result.status == 0, "\(result.stderr)")
    }
}

/// scales and labels at the edges of a double's range draw instead of trapping.
@Suite(.serialized) struct ExtremeValueTests {
    @Test(arguments: [
        #"{"version":1,"landscape":{"expression":"1e308*x*y","domain":{"x":[-1,1],"y":[-1,1]},"scale":"log"}}"#,
        #"{"version":1,"landscape":{"function":"rosenbrock","scale":"linear","vmin":-1e308,"vmax":1e308}}"#,
        #"{"version":1,"landscape":{"function":"rosenbrock","scale":"log","vmin":-1e308,"vmax":1e308}}"#,
        #"{"version":1,"landscape":{"expression":"x*1e-310","domain":{"x":[-1,1],"y":[-1,1]},"scale":"linear","contours":{"count":5},"labels":true}}"#,
    ])
    func extremeScalesRender(json: String) throws {
        let folder = temporaryFolder()
        try writeFile(json, "\(folder)/s.json")
        let result = try OptaProcess.run(["render", "\(folder)/s.json", "-o", "\(folder)/s.png", "--width", "160", "--height", "120"])
        #expect(result.status == 0, "\(result.stderr)")
    }
}

/// `opta solve` edge cases.
@Suite(.serialized) struct SolveEdgeCaseTests {
    @Test func zeroStepsReportsFAtTheStartNotNaN() throws {
        let result = try OptaProcess.run(["solve", "--steps", "0"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("f = 12.5") && !result.stdout.contains("nan"), "\(result.stdout)")
    }

    @Test func resumingWithoutStepsContinuesToTheScenarioBudget() throws {
        let folder = temporaryFolder()
        #expect(try OptaProcess.run(["solve", "--steps", "3", "--checkpoint", "\(folder)/c.json"]).status == 0)
        let resumed = try OptaProcess.run(["solve", "--resume", "\(folder)/c.json"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stdout.contains("after 200 steps"), "\(resumed.stdout)")
        #expect(try OptaProcess.run(["solve", "--checkpoint", "\(folder)/d.json"]).status == 0)
        let done = try OptaProcess.run(["solve", "--resume", "\(folder)/d.json"])
        #expect(done.stderr.contains("add --steps N"), "\(done.stderr)")
    }

    @Test func aHandEditedCheckpointNamesTheField() throws {
        let folder = temporaryFolder()
        #expect(try OptaProcess.run(["solve", "--steps", "3", "--checkpoint", "\(folder)/c.json"]).status == 0)
        let text = try String(contentsOfFile: "\(folder)/c.json", encoding: .utf8)
        try writeFile(text.replacingOccurrences(of: "\"learningRate\" : 0.1", with: "\"learningRate\" : -5"), "\(folder)/e.json")
        let result = try OptaProcess.run(["solve", "--resume", "\(folder)/e.json"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("runs[0].state.adam._0.learningRate must be > 0, got -5"), "\(result.stderr)")
    }
}
