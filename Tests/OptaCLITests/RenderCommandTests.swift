import Foundation
import OptaImage
import Testing

@Suite(.serialized) struct RenderCommandTests {
    @Test func rendersTheDefaultSceneAtFullHD() throws {
        let folder = temporaryFolder()
        let result = try OptaProcess.run(["render", "--output", "\(folder)/demo.png"])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNGReader.read(path: "\(folder)/demo.png")
        #expect(image.width == 1920 && image.height == 1080)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["demo.png"])
    }

    @Test func oneThreadAndAllThreadsGiveTheSameBytes() throws {
        let folder = temporaryFolder()
        let one = try OptaProcess.run(["render", "--output", "\(folder)/one.png", "--threads", "1"])
        let all = try OptaProcess.run(["render", "--output", "\(folder)/all.png",
                                       "--threads", "\(max(2, ProcessInfo.processInfo.activeProcessorCount * 2))"])
        #expect(one.status == 0 && all.status == 0)
        let a = try PNGReader.read(path: "\(folder)/one.png"), b = try PNGReader.read(path: "\(folder)/all.png")
        #expect(a.bytes == b.bytes)
    }

    @Test func sizeOptionsOverrideTheScenario() throws {
        let folder = temporaryFolder()
        let result = try OptaProcess.run(["render", "--output", "\(folder)/s.png", "--width", "320", "--height", "200"])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNGReader.read(path: "\(folder)/s.png")
        #expect(image.width == 320 && image.height == 200)
    }

    /// Runs `render` with bad input: checks the status, the message and that nothing was written.
    func expectRejected(_ arguments: [String], status: Int32, mentions: String, folder: String,
                        sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try OptaProcess.run(["render"] + arguments)
        #expect(result.status == status, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(mentions), "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.split(separator: "\n").count <= 3, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") || $0.contains("tmp") }
        #expect(left.isEmpty, "left behind: \(left)", sourceLocation: sourceLocation)
    }

    @Test func missingScenarioIsAUsageError() throws {
        let folder = temporaryFolder()
        try expectRejected(["\(folder)/nope.json", "--output", "\(folder)/o.png"], status: 64,
                           mentions: "does not exist", folder: folder)
    }

    @Test func invalidJSONIsBadData() throws {
        let folder = temporaryFolder()
        try writeFile("{\"version\": 1, \"landscape\": {", "\(folder)/broken.json")
        try expectRejected(["\(folder)/broken.json", "--output", "\(folder)/o.png"], status: 65,
                           mentions: "not valid JSON", folder: folder)
        try writeFile("", "\(folder)/empty.json")
        try expectRejected(["\(folder)/empty.json", "--output", "\(folder)/o.png"], status: 65,
                           mentions: "not valid JSON", folder: folder)
    }

    @Test func invalidFieldsNameTheirPath() throws {
        let folder = temporaryFolder()
        try writeFile("""
            {"version": 1, "landscape": {"function": "rosenbrock", "scale": "logarithmic"}}
            """, "\(folder)/scale.json")
        try expectRejected(["\(folder)/scale.json", "--output", "\(folder)/o.png"], status: 65,
                           mentions: "landscape.scale must be one of \"auto\", \"log\", \"linear\", got \"logarithmic\"", folder: folder)
        try writeFile("""
            {"version": 1, "landscape": {"function": "rosenbrock", "colour": "red"}}
            """, "\(folder)/unknown.json")
        try expectRejected(["\(folder)/unknown.json", "--output", "\(folder)/o.png"], status: 65,
                           mentions: "landscape.colour is not a known field", folder: folder)
    }

    @Test(arguments: [("--width", "0"), ("--width", "-5"), ("--height", "16385"), ("--height", "0")])
    func badSizesAreUsageErrors(option: String, value: String) throws {
        let folder = temporaryFolder()
        try expectRejected(["--output", "\(folder)/o.png", "\(option)=\(value)"], status: 64,
                           mentions: option, folder: folder)
    }

    @Test func zeroThreadsIsAUsageError() throws {
        let folder = temporaryFolder()
        try expectRejected(["--output", "\(folder)/o.png", "--threads", "0"], status: 64, mentions: "--threads", folder: folder)
    }

    @Test func missingOutputFolderIsAUsageError() throws {
        let folder = temporaryFolder()
        try expectRejected(["--output", "\(folder)/missing/o.png"], status: 64, mentions: "does not exist", folder: folder)
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/missing"))
    }

    @Test func unwritableOutputIsAFailure() throws {
        // /proc takes no new files, not even from root.
        let result = try OptaProcess.run(["render", "--output", "/proc/opta-out.png", "--width", "64", "--height", "64"])
        #expect(result.status == 1 || result.status == 64, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("/proc/opta-out.png"))
        #expect(!FileManager.default.fileExists(atPath: "/proc/opta-out.png"))
    }

    @Test func helpTeaches() throws {
        let result = try OptaProcess.run(["render", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("--output") && result.stdout.contains("Example"))
    }
}

@Suite(.serialized) struct RenderLandscapeOptionTests {
    @Test func aFormulaBecomesAPictureInOneCommand() throws {
        let folder = temporaryFolder()
        let result = try OptaProcess.run(["render", "--expression", "(1-x)^2 + 100*(y-x^2)^2", "--domain", "-2,2,-1,3",
                                          "--width", "480", "--height", "270", "-o", "\(folder)/f.png"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try PNGReader.read(path: "\(folder)/f.png").width == 480)
    }

    @Test func badOptionsNameTheOption() throws {
        let folder = temporaryFolder()
        let formula = try OptaProcess.run(["render", "--expression", "(1-x", "--domain", "-1,1,-1,1", "-o", "\(folder)/f.png"])
        #expect(formula.status == 64)
        #expect(formula.stderr.contains("--expression cannot be parsed: expected ')' at column 5"), "\(formula.stderr)")
        let domain = try OptaProcess.run(["render", "--function", "booth", "--domain", "1,2", "-o", "\(folder)/f.png"])
        #expect(domain.status == 64)
        #expect(domain.stderr.contains("--domain must be xmin,xmax,ymin,ymax"))
        let scale = try OptaProcess.run(["render", "--scale", "logarithmic", "-o", "\(folder)/f.png"])
        #expect(scale.status == 64)
        #expect(scale.stderr.contains(#"--scale must be one of "auto", "log", "linear", got "logarithmic""#), "\(scale.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
}
