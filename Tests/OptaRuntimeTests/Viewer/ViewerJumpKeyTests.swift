import Foundation
import OptaA11y
import OptaCore
import OptaRaster
import OptaRuntime
import OptaText
import Testing

/// Presses the given keys at the given frames; a window without a window.
final class KeySource: FrameSink, InputSource {
    let drawableSize: SIMD2<Int>
    var frame = 0
    let keys: [Int: [Key]]
    init(_ size: SIMD2<Int>, keys: [Int: [Key]]) {
        drawableSize = size
        self.keys = keys
    }
    func present(_ framebuffer: Framebuffer) {}
    func pollEvents() -> [InputEvent] {
        defer { frame += 1 }
        return (keys[frame] ?? []).map { .key($0, shift: false, time: Double(frame) / 60) }
    }
    var inputTime: Double { Double(frame) / 60 }
}

/// Olli-style structure navigation: X, Y, L, B jump to the axes, legend and colour bar; Home and
/// End to the focused path's start and end, [ and ] to its lowest and highest f; T reads its table.
@Suite(.serialized) struct ViewerJumpKeyTests {
    static let scenario = """
        {"version": 1, "size": {"width": 640, "height": 360}, "landscape": {"function": "rosenbrock"},
         "paths": [{"name": "logged", "points": [[-1.5, 2.5], [-1, 1], [0, 0], [0.5, 0.25], [1, 1]]}]}
        """

    func run(_ keys: [Int: [Key]], record: Bool = false, verbosity: Verbosity = .medium) throws
        -> (spoken: [String], tables: [String], report: ViewerSession.Report) {
        var options = ViewerSession.Options()
        options.replay = Trace()
        options.verbosity = verbosity
        options.record = record
        options.maxFrames = 16
        let source = KeySource(SIMD2(640, 360), keys: keys)
        let session = try ViewerSession(scenario: try ScenarioLoader.parse(Data(Self.scenario.utf8)), fonts: try FontLibrary.loadDefault(),
                                        options: options, viewSize: source.drawableSize, clock: ManualFrameClock())
        var spoken: [String] = [], tables: [String] = []
        session.onFocus = { spoken.append($0) }
        session.onTable = { tables.append($0) }
        let report = session.run(source: source, sink: source)
        return (spoken, tables, report)
    }

    @Test func jumpKeysFocusAxesLegendAndColourBar() throws {
        let (spoken, _, _) = try run([6: [.x], 8: [.y], 10: [.l], 12: [.b]])
        #expect(spoken.count == 4, "\(spoken)")
        #expect(spoken[0].hasPrefix("horizontal axis x"), "\(spoken)")
        #expect(spoken[1].hasPrefix("vertical axis y"), "\(spoken)")
        #expect(spoken[2].hasPrefix("legend"), "\(spoken)")
        #expect(spoken[3].hasPrefix("colour bar"), "\(spoken)")
    }

    @Test func homeAndEndFindThePathsStartAndEndAndTReadsItsTable() throws {
        let (spoken, tables, _) = try run([6: [.end], 8: [.home], 10: [.t]])
        #expect(spoken.count == 2, "\(spoken)")
        #expect(spoken[0].hasPrefix("end: point 4 at (1, 1)"), "\(spoken)")
        #expect(spoken[1].hasPrefix("start: point 0 at (−1.5, 2.5)"), "\(spoken)")
        #expect(tables.count == 1 && tables[0].hasPrefix("logged: 5 rows"), "\(tables)")
        #expect(tables.first?.contains("step 0: x = −1.5, y = 2.5, f = 12.5") == true)
    }

    @Test func bracketsFindThePathsLowestAndHighestF() throws {
        // f on Rosenbrock along the path: 12.5, 4, 1, 0.25, 0.
        let (spoken, _, report) = try run([6: [.end], 8: [.leftBracket], 10: [.rightBracket], 12: [.home], 14: [.leftBracket]])
        #expect(spoken.count == 5, "\(spoken)")
        #expect(spoken[1].hasPrefix("lowest f: point 4 at (1, 1), f = 0"), "\(spoken)")
        #expect(spoken[2].hasPrefix("highest f: point 0 at (−1.5, 2.5), f = 12.5"), "\(spoken)")
        #expect(spoken[4] == spoken[1], "[ from the start finds the same lowest point")
        #expect(report.focusedNode == "path/logged/lowest")
    }

    @Test func tabAndJumpsAreRecordedAsFocusOnANodeAndReplay() throws {
        let (spoken, _, report) = try run([4: [.tab], 6: [.l], 8: [.rightBracket], 10: [.tab]], record: true)
        let focus = report.trace.entries.compactMap { entry -> String? in
            if case .focusNode(let id) = entry.action { return "\(entry.frame) \(id)" } else { return nil }
        }
        #expect(focus == ["4 plot", "6 legend", "8 path/logged/highest", "10 legend"], "\(focus)")
        let reread = try Trace.parse(report.trace.jsonLines, source: "trace")
        #expect(reread.entries == report.trace.entries)
        #expect(report.trace.jsonLines.contains(#"{"type": "focus", "id": "path/logged/highest"}"#))

        // The trace replays to the same focus, said the same way.
        var options = ViewerSession.Options()
        options.replay = reread
        options.maxFrames = 16
        let sink = MemorySink(SIMD2(640, 360))
        let session = try ViewerSession(scenario: try ScenarioLoader.parse(Data(Self.scenario.utf8)), fonts: try FontLibrary.loadDefault(),
                                        options: options, viewSize: sink.drawableSize, clock: ManualFrameClock())
        var replayed: [String] = []
        session.onFocus = { replayed.append($0) }
        let again = session.run(source: sink, sink: sink)
        #expect(replayed == spoken)
        #expect(again.focusedNode == "legend" && again.lastFrame == report.lastFrame)
    }

    @Test func verbositySetsHowMuchTheFocusSays() throws {
        let said = try Verbosity.allCases.map { try run([6: [.end]], verbosity: $0).spoken }
        #expect(said.map(\.count) == [1, 1, 1])
        #expect(said[0][0] == "end: point 4 at (1, 1), f = 0")
        #expect(said[1][0] == said[0][0], "a point has no description: medium says the same")
        #expect(said[2][0].hasPrefix("data point end: point 4 at (1, 1), f = 0; f 0, index 4, x 1, y 1; drawn at pixel "), "\(said[2])")
        let (axis, _, _) = try run([6: [.x]], verbosity: .low)
        let (axisMedium, _, _) = try run([6: [.x]], verbosity: .medium)
        #expect(axisMedium[0].hasPrefix(axis[0] + ": "), "medium adds the axis's description to \(axis[0])")
    }
}
