import Foundation
import OptaCore
import OptaRaster
import OptaRuntime
import OptaScene
import OptaText
import Testing

/// The viewer applies what a followed log sends (through its `ActionFeed`) like the user's own
/// actions: recorded, replayable to the same frames, and each new path announced.
@Suite(.serialized) struct ViewerFollowTests {
    static let scenario = """
        {"version": 1, "size": {"width": 640, "height": 300}, "landscape": {"function": "rosenbrock"},
         "solvers": [{"id": "Adam", "method": "adam", "start": [-1.5, 2.5], "steps": 300, "params": {"learningRate": 0.1}}],
         "panels": [{"view": "landscape"}, {"view": "convergence"}]}
        """

    static func batch(_ path: String, _ steps: Range<Int>) -> Action {
        .appendFollowedPoints(steps.map { PathPoint(path: path, step: Double($0), point: SIMD2(-1 + 0.01 * Double($0), 1.5), f: 2 / Double($0 + 1)) })
    }

    /// Feeds the actions in before the first frame, then runs `frames` frames.
    func run(_ actions: [Action], record: Bool, frames: Int = 6) throws -> (ViewerSession.Report, [String]) {
        let scenario = try ScenarioLoader.parse(Data(Self.scenario.utf8))
        let feed = ActionFeed()
        actions.forEach(feed.send)
        var options = ViewerSession.Options()
        options.record = record
        options.maxFrames = frames
        options.feed = feed
        let sink = MemorySink(SIMD2(640, 300))
        let session = try ViewerSession(scenario: scenario, fonts: try FontLibrary.loadDefault(), options: options,
                                        viewSize: sink.drawableSize, clock: ManualFrameClock())
        var announced: [String] = []
        session.onAnnouncement = { announced.append($0) }
        return (session.run(source: sink, sink: sink), announced)
    }

    @Test func followedPointsAreRecordedAndTheTraceReplaysToTheSameFrame() throws {
        let (report, announced) = try run([Self.batch("adam", 0..<80), Self.batch("sgd", 0..<20), Self.batch("adam", 80..<120)],
                                          record: true)
        #expect(report.finalState.followedPaths.map(\.name) == ["adam", "sgd"])
        #expect(report.finalState.followedPaths.map(\.points.count) == [120, 20])
        #expect(announced == ["new path adam", "new path sgd"])
        // The feed merged the three batches into one action, applied at frame 0.
        #expect(report.trace.entries.count == 1 && report.trace.entries[0].frame == 0)

        let scenario = try ScenarioLoader.parse(Data(Self.scenario.utf8))
        var replay = try HeadlessSession(scenario: scenario)
        replay.replay(try Trace.parse(report.trace.jsonLines, source: "trace"), through: report.frames - 1)
        let state = replay.renderState
        let figure = SessionFigures(scenario: scenario, fonts: try FontLibrary.loadDefault()).figure(for: state, width: 640, height: 300)
        #expect(figure.render(state, threads: 2) == report.lastFrame)
        #expect(state.followedPathCount == 2)
    }

    @Test func aStartOverForgetsThePathsAndAnnouncesThemAgain() throws {
        let (report, announced) = try run([Self.batch("adam", 0..<50), .resetFollowedPaths, Self.batch("adam", 0..<7)], record: false)
        #expect(report.finalState.followedPaths.map(\.points.count) == [7])
        #expect(announced == ["new path adam", "new path adam"])
    }

    @Test func theFrameShowsTheFollowedPath() throws {
        let (followed, _) = try run([Self.batch("adam", 0..<200)], record: true, frames: 3)
        let (plain, _) = try run([], record: true, frames: 3)
        #expect(followed.lastFrame != nil && followed.lastFrame != plain.lastFrame)
    }
}
