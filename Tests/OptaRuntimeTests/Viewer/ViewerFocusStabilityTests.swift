import Foundation
import OptaA11y
import OptaCore
import OptaRaster
import OptaRuntime
import OptaScene
import OptaText
import Testing

/// Focus is on a node by id: it stays on the same item while a solver steps and the reading order
/// changes under it, falls back to the nearest item still there, and old traces' indices replay.
@Suite(.serialized) struct ViewerFocusStabilityTests {
    static let scenario = """
        {"version": 1, "size": {"width": 640, "height": 360}, "landscape": {"function": "rosenbrock"},
         "solvers": [{"id": "gd", "method": "gradient-descent", "start": [-1.5, 2], "steps": 5000,
                      "params": {"learningRate": 0.0015}}],
         "stepsPerFrame": 3}
        """

    static func session(_ keys: [Int: [Key]] = [:], replay: Trace = Trace(), frames: Int = 40)
        throws -> (spoken: [String], report: ViewerSession.Report) {
        var options = ViewerSession.Options()
        options.replay = replay
        options.record = true
        options.maxFrames = frames
        let source = KeySource(SIMD2(640, 360), keys: keys)
        let session = try ViewerSession(scenario: try ScenarioLoader.parse(Data(Self.scenario.utf8)), fonts: try FontLibrary.loadDefault(),
                                        options: options, viewSize: source.drawableSize, clock: ManualFrameClock())
        var spoken: [String] = []
        session.onFocus = { spoken.append($0) }
        let report = session.run(source: source, sink: source)
        return (spoken, report)
    }

    /// The frame-locked session's accessibility tree at `frame`.
    static func tree(at frame: Int) throws -> AccessibilityTree {
        let scenario = try ScenarioLoader.parse(Data(Self.scenario.utf8))
        var headless = try HeadlessSession(scenario: scenario)
        headless.replay(Trace(), through: frame)
        let figure = SessionFigures(scenario: scenario, fonts: try FontLibrary.loadDefault())
            .figure(for: headless.renderState, width: 640, height: 360)
        return figure.accessibilityTree(for: headless.renderState)
    }

    @Test func focusOnAPathsEndStaysThereWhileTheSolverSteps() throws {
        let (spoken, report) = try Self.session([2: [.end]])
        // Said once: every later frame resolved focus to the same node.
        #expect(spoken.count == 1, "\(spoken)")
        #expect(spoken.first?.hasPrefix("end: point ") == true, "\(spoken)")
        #expect(report.focusedNode == "path/gd/end")
        // Meanwhile the end moved and the reading order changed under it (the path went from
        // every point listed to start, turns and end): the same index would have landed elsewhere.
        let early = FocusRing.focusable(try Self.tree(at: 2)), late = FocusRing.focusable(try Self.tree(at: 39))
        let before = try #require(early.firstIndex { $0.id == "path/gd/end" })
        let after = try #require(late.firstIndex { $0.id == "path/gd/end" })
        #expect(before != after)
        #expect(early[before].value != late[after].value, "the end moved")
        #expect(late.indices.contains(before) && late[before].id != "path/gd/end")
    }

    @Test func aVanishedNodeFallsBackToItsPathThenToTheFirstItem() throws {
        var trace = Trace()
        trace.append(frame: 1, .focusNode("path/gd/point/4000"))
        trace.append(frame: 3, .focusNode("no/such/item"))
        let (spoken, report) = try Self.session(replay: trace, frames: 5)
        #expect(spoken.count == 2, "\(spoken)")
        #expect(spoken.first?.hasPrefix("gd path: ") == true, "\(spoken)")
        let first = try #require(FocusRing.focusable(try Self.tree(at: 4)).first)
        #expect(report.focusedNode == first.id)
    }

    @Test func oldTracesFocusByIndexAsBefore() throws {
        let old = try Trace.parse("""
            {"frame": 1, "action": {"type": "focus", "index": 2}}
            {"frame": 2, "action": {"type": "focusNext"}}
            """, source: "old.jsonl")
        let (spoken, report) = try Self.session(replay: old, frames: 4)
        let items = FocusRing.focusable(try Self.tree(at: 3))
        #expect(report.finalState.focus == .index(3))
        #expect(report.focusedNode == items[3].id)
        #expect(spoken.count == 2)
    }
}
