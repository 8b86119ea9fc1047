import Foundation
import Testing

/// `opta view --record-video` in a window: under SDL's dummy driver in the main run, and again in
/// a real X server when `make test` runs the tests whose names hold "ViewerWindowTests" under
/// xvfb-run with OPTA_TEST_SDL_DRIVER=x11.
@Suite(.serialized) struct RecordingViewerWindowTests {
    static let driver = ProcessInfo.processInfo.environment["OPTA_TEST_SDL_DRIVER"] ?? "dummy"

    /// The environment for a viewer in the tests' window system.
    static var environment: [String: String] {
        ProcessInfo.processInfo.environment.merging(["SDL_VIDEODRIVER": driver, "XDG_DATA_HOME": OptaProcess.dataHome]) { $1 }
    }

    @Test func recordVideoWritesTheSessionAndCountsDroppedFramesInStats() throws {
        let folder = temporaryFolder(), video = "\(folder)/session.mp4"
        let result = try OptaProcess.run(["view", "--frames", "40", "--width", "320", "--height", "200",
                                          "--stats", "\(folder)/stats.json", "--record-video", video], environment: Self.environment)
        #expect(result.status == 0, "\(result.stderr)")
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/stats.json"))) as? [String: Any])
        let written = try #require(stats["video_frames"] as? Int)
        let dropped = try #require(stats["video_dropped_frames"] as? Int)
        #expect(stats["frames"] as? Int == 40, "the screen got every frame")
        #expect(written + dropped == 41, "every frame shown (40 and the opening one) is written or counted as dropped")
        #expect(written > 0)
        let info = try MediaTools.probe(video)
        #expect(info["codec_name"] == "h264" && info["width"] == "320" && info["height"] == "200")
        #expect(info["nb_read_frames"] == String(written))
    }
}
