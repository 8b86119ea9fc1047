import Foundation
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
/// End to the focused path's start and end; T reads its table. The keys come once the logged path
/// is revealed whole (frame 4), so the tree stays the same from frame to frame: focus is an index
/// into it, and a growing path adds and drops turn points.
@Suite(.serialized) struct ViewerJumpKeyTests {
    static let scenario = """
        {"version": 1, "size": {"width": 640, "height": 360}, "landscape": {"function": "rosenbrock"},
         "paths": [{"name": "logged", "points": [[-1.5, 2.5], [-1, 1], [0, 0], [0.5, 0.25], [1, 1]]}]}
        """

    func run(_ keys: [Int: [Key]], record: Bool = false) throws -> (spoken: [String], tables: [String], report: ViewerSession.Report) {
        var options = ViewerSession.Options()
        options.replay = Trace()
        options.record = record
        options.maxFrames = 16
        let source = KeySource(SIMD2(640, 360), keys: keys)
        let session = try ViewerSession(scenario: try ScenarioLoader.parse(Data(Self.scenario.utf8)), fonts: try FontLibrary.loadDefault(),
                                        options: options, viewSize: source.drawableSize)
        var spoken: [String] = [], tables: [String] = []
        session.onFocus = { spoken.append($0) }
        session.onTable = { tables.append($0) }
        let report = session.run(source: source, sink: source, clock: ManualFrameClock())
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

    @Test func jumpsAreRecordedAsReplayableFocusActions() throws {
        let (_, _, report) = try run([6: [.l]], record: true)
        let focus = report.trace.entries.filter { if case .focus = $0.action { true } else { false } }
        #expect(focus.count == 1 && focus.first?.frame == 6)
        let reread = try Trace.parse(report.trace.jsonLines, source: "trace")
        #expect(reread.entries == report.trace.entries)
    }
}
