import Foundation
import Testing

@Suite(.serialized) struct ViewCommandTests {
    @Test func withoutADisplayItSaysSoAndExits69() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        environment["SDL_VIDEODRIVER"] = "x11"
        let result = try OptaProcess.run(["view", "--frames", "1"], environment: environment)
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("opta render"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    /// with no display and no SDL_VIDEODRIVER, SDL used to pick its "offscreen"
    /// driver silently and the viewer ran invisibly, exiting 0.
    @Test func withoutADisplayOrAnExplicitDriverItExits69() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        environment["SDL_VIDEODRIVER"] = nil
        let result = try OptaProcess.run(["view", "--frames", "1"], environment: environment)
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("no display") && result.stderr.contains("SDL_VIDEODRIVER"))
    }

    @Test func anExplicitHeadlessDriverIsAllowed() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment["SDL_VIDEODRIVER"] = "offscreen"
        let result = try OptaProcess.run(["view", "--frames", "1", "--width", "64", "--height", "64"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func underTheDummyDriverItRunsAndWritesStatsAndAScreenshot() throws {
        let folder = temporaryFolder()
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "dummy"
        let result = try OptaProcess.run(["view", "--frames", "5", "--width", "320", "--height", "200",
                                          "--stats", "\(folder)/stats.json", "--screenshot", "\(folder)/last.png",
                                          "--record", "\(folder)/trace.jsonl"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/stats.json"))) as? [String: Any])
        #expect(stats["frames"] as? Int == 5)
        #expect(FileManager.default.fileExists(atPath: "\(folder)/last.png"))
        #expect(FileManager.default.fileExists(atPath: "\(folder)/trace.jsonl"))
    }
}

@Suite(.serialized) struct ViewRecordingTests {
    @Test func recordVideoNeedsAVideoName() throws {
        let result = try OptaProcess.run(["view", "--frames", "1", "--record-video", "\(temporaryFolder())/session.avi"])
        #expect(result.status == 64 && result.stderr.contains(".mp4, .webm or .gif"))
    }
}
