import Foundation
import Testing
@testable import OptaCore

@Suite("Trace")
struct TraceTests {
    /// One line per action kind, written by hand (not by `json`), with awkward numbers.
    static let handWritten = """
        {"frame": 0, "action": {"type": "orbit", "yaw": 0.1, "pitch": -1e-7}}
        {"frame": 0, "action": {"type": "pan", "by": [0.1, 1e-7]}}
        {"frame": 1, "action": {"type": "zoom", "factor": 1.1, "about": [0.3, 0.7]}}
        {"frame": 1, "action": {"type": "zoom", "factor": 1e-7}}
        {"frame": 2, "action": {"type": "resetCamera"}}
        {"frame": 2, "action": {"type": "startSolvers"}}
        {"frame": 3, "action": {"type": "pauseSolvers"}}
        {"frame": 3, "action": {"type": "resumeSolvers"}}
        {"frame": 4, "action": {"type": "togglePause"}}
        {"frame": 4, "action": {"type": "stepSolvers"}}
        {"frame": 5, "action": {"type": "resetSolvers"}}
        {"frame": 5, "action": {"type": "setColormap", "name": "berlin"}}
        {"frame": 6, "action": {"type": "nextColormap"}}
        {"frame": 6, "action": {"type": "toggleContours"}}
        {"frame": 7, "action": {"type": "toggleLabels"}}
        {"frame": 7, "action": {"type": "toggleLegend"}}
        {"frame": 8, "action": {"type": "toggleHUD"}}
        {"frame": 8, "action": {"type": "focusNext"}}
        {"frame": 9, "action": {"type": "focusPrevious"}}
        {"frame": 9, "action": {"type": "focus", "index": 4}}
        {"frame": 9, "action": {"type": "focus", "id": "path/adam/end"}}
        {"frame": 9, "action": {"type": "select", "id": "a \\"quoted\\" \\\\ id"}}
        {"frame": 10, "action": {"type": "appendFollowedPoints", "points": [{"path": "adam", "step": 3, "x": 0.1, "y": -1e-7, "f": 2.5}, {"path": "sgd", "x": 1, "y": 2}]}}
        {"frame": 10, "action": {"type": "resetFollowedPaths"}}
        {"frame": 2147483647, "action": {"type": "select", "id": null}}

        """

    static let handWrittenActions: [Action] = [
        .orbit(yaw: 0.1, pitch: -1e-7), .pan(SIMD2(0.1, 1e-7)),
        .zoom(factor: 1.1, about: SIMD2(0.3, 0.7)), .zoom(factor: 1e-7, about: SIMD2(0.5, 0.5)),
        .resetCamera, .startSolvers, .pauseSolvers, .resumeSolvers, .togglePause, .stepSolvers,
        .resetSolvers, .setColormap(.berlin), .nextColormap, .toggleContours, .toggleLabels, .toggleLegend,
        .toggleHUD, .focusNext, .focusPrevious, .focus(4), .focusNode("path/adam/end"), .select("a \"quoted\" \\ id"),
        .appendFollowedPoints([PathPoint(path: "adam", step: 3, point: SIMD2(0.1, -1e-7), f: 2.5),
                               PathPoint(path: "sgd", step: nil, point: SIMD2(1, 2), f: nil)]),
        .resetFollowedPaths, .select(nil),
    ]

    @Test func parsesEveryActionKind() throws {
        let trace = try Trace.parse(Self.handWritten, source: "t.jsonl")
        #expect(trace.entries.map(\.action) == Self.handWrittenActions)
        #expect(trace.entries.map(\.frame) == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 9, 9, 10, 10, 2147483647])
        #expect(Set(trace.entries.map(\.action.typeName)) == allActionTypeNames)
    }

    @Test func jsonLinesRoundTripsExactly() throws {
        let trace = try Trace.parse(Self.handWritten, source: "t.jsonl")
        let text = trace.jsonLines
        #expect(text.split(separator: "\n").count == trace.entries.count)
        let again = try Trace.parse(text, source: "again.jsonl")
        #expect(again == trace)
        // And the text is stable once written.
        #expect(again.jsonLines == text)
    }

    @Test(arguments: [
        0.1, 1e-7, -1e-7, 0.30000000000000004, 1.0 / 3.0, 5e-324, 2.2250738585072014e-308,
        1.7976931348623157e308, 123456789.123456789, -0.0, 1e22, 9007199254740993.0,
    ])
    func doublesRoundTripBitForBit(value: Double) throws {
        let entries = [
            Trace.Entry(frame: 1, action: .orbit(yaw: value, pitch: -value)),
            Trace.Entry(frame: 2, action: .pan(SIMD2(value, 0.1))),
            Trace.Entry(frame: 3, action: .zoom(factor: abs(value) == 0 ? 1 : abs(value), about: SIMD2(value, value))),
        ]
        let trace = Trace(entries)
        let again = try Trace.parse(trace.jsonLines, source: "d.jsonl")
        #expect(again == trace)
        guard case .orbit(let yaw, let pitch) = again.entries[0].action else {
            Issue.record("not an orbit")
            return
        }
        #expect(yaw.bitPattern == value.bitPattern && pitch.bitPattern == (-value).bitPattern)
    }

    @Test func constructedTraceOfEveryActionRoundTrips() throws {
        let trace = Trace(oneOfEveryAction.enumerated().map { Trace.Entry(frame: $0.offset / 3, action: $0.element) })
        let again = try Trace.parse(trace.jsonLines, source: "c.jsonl")
        #expect(again == trace)
        #expect(again.entries.map(\.action) == oneOfEveryAction)
    }

    @Test func eachActionJSONIsOneObjectWithItsType() throws {
        for action in oneOfEveryAction {
            let value = try JSONValue.parse(Data(action.json.utf8), source: "a")
            let reader = try JSONObjectReader(value, path: "a")
            #expect(try reader.string("type") == action.typeName)
            #expect(try Action(json: reader) == action)
        }
    }

    @Test func entriesSortByFrameKeepingRecordedOrderWithinAFrame() throws {
        let text = """
            {"frame": 5, "action": {"type": "select", "id": "a"}}
            {"frame": 2, "action": {"type": "select", "id": "b"}}
            {"frame": 5, "action": {"type": "select", "id": "c"}}
            {"frame": 0, "action": {"type": "select", "id": "d"}}
            {"frame": 2, "action": {"type": "select", "id": "e"}}
            {"frame": 5, "action": {"type": "select", "id": "f"}}
            """
        let trace = try Trace.parse(text, source: "s.jsonl")
        #expect(trace.entries.map(\.frame) == [0, 2, 2, 5, 5, 5])
        #expect(trace.entries.map(\.action) == ["d", "b", "e", "a", "c", "f"].map { Action.select($0) })
    }

    @Test func initAndAppendKeepTheSameOrder() {
        var trace = Trace()
        trace.append(frame: 3, .select("a"))
        trace.append(frame: 1, .select("b"))
        trace.append(frame: 3, .select("c"))
        trace.append(frame: 1, .select("d"))
        trace.append(frame: 0, .select("e"))
        #expect(trace.entries.map(\.frame) == [0, 1, 1, 3, 3])
        #expect(trace.entries.map(\.action) == ["e", "b", "d", "a", "c"].map { Action.select($0) })
        let built = Trace([Trace.Entry(frame: 3, action: .select("a")), Trace.Entry(frame: 1, action: .select("b")),
                           Trace.Entry(frame: 3, action: .select("c")), Trace.Entry(frame: 1, action: .select("d")),
                           Trace.Entry(frame: 0, action: .select("e"))])
        #expect(built == trace)
    }

    @Test func blankLinesAreSkippedButCountedForLineNumbers() throws {
        let text = "\n   \n{\"frame\": 1, \"action\": {\"type\": \"toggleHUD\"}}\n\n\t\n{\"frame\": 0, \"action\": {\"type\": \"focusNext\"}}\n\n"
        let trace = try Trace.parse(text, source: "b.jsonl")
        #expect(trace.entries == [Trace.Entry(frame: 0, action: .focusNext), Trace.Entry(frame: 1, action: .toggleHUD)])
        #expect(try Trace.parse("", source: "e.jsonl") == Trace())
        #expect(try Trace.parse("\n\n  \n", source: "e.jsonl") == Trace())

        let error = scenarioError { _ = try Trace.parse(text + "{\"frame\": 1}\n", source: "b.jsonl") }
        #expect(error?.path == "b.jsonl:8.action")
    }

    // MARK: Errors

    @Test func badJSONNamesFileAndLine() {
        let text = """
            {"frame": 0, "action": {"type": "toggleHUD"}}
            {"frame": 1, "action": {"type": "toggleHUD"}
            """
        let error = scenarioError { _ = try Trace.parse(text, source: "bad.jsonl") }
        #expect(error?.path == "bad.jsonl:2")
        #expect(error?.message.hasPrefix("is not valid JSON") == true)
        #expect(error?.description.hasPrefix("bad.jsonl:2 is not valid JSON") == true)
    }

    @Test func aLineThatIsNotAnObjectIsAnError() {
        let error = scenarioError { _ = try Trace.parse("[1, 2]\n", source: "arr.jsonl") }
        #expect(error?.path == "arr.jsonl:1")
        #expect(error?.message.contains("object") == true)
    }

    @Test func missingFrameNamesTheField() {
        let error = scenarioError { _ = try Trace.parse("{\"action\": {\"type\": \"toggleHUD\"}}", source: "f.jsonl") }
        #expect(error?.path == "f.jsonl:1.frame")
        #expect(error?.message.contains("missing") == true)
    }

    @Test(arguments: ["-1", "1.5", "\"3\"", "4294967296"])
    func badFramesNameTheField(frame: String) {
        let error = scenarioError { _ = try Trace.parse("{\"frame\": \(frame), \"action\": {\"type\": \"toggleHUD\"}}", source: "f.jsonl") }
        #expect(error?.path == "f.jsonl:1.frame")
    }

    @Test func missingActionNamesTheField() {
        let error = scenarioError { _ = try Trace.parse("{\"frame\": 2}", source: "m.jsonl") }
        #expect(error?.path == "m.jsonl:1.action")
        #expect(error?.message.contains("missing") == true)
    }

    @Test func unknownTypeListsTheAllowedTypes() {
        let text = """
            {"frame": 0, "action": {"type": "toggleHUD"}}

            {"frame": 0, "action": {"type": "dance"}}
            """
        let error = scenarioError { _ = try Trace.parse(text, source: "u.jsonl") }
        #expect(error?.path == "u.jsonl:3.action.type")
        #expect(error?.message.contains("\"dance\"") == true)
        for name in allActionTypeNames {
            #expect(error?.message.contains("\"\(name)\"") == true, "\(name) is not listed")
        }
    }

    @Test func focusNeedsExactlyOneOfIdAndIndex() {
        let cases: [(String, String, String)] = [
            (#"{"type": "focus"}"#, "f.jsonl:1.action.id", "is missing"),
            (#"{"type": "focus", "id": ""}"#, "f.jsonl:1.action.id", "is empty"),
            (#"{"type": "focus", "id": "axis/x", "index": 2}"#, "f.jsonl:1.action.index", "goes with no"),
            (#"{"type": "focus", "index": -1}"#, "f.jsonl:1.action.index", "from 0 to"),
        ]
        for (action, path, message) in cases {
            let error = scenarioError { _ = try Trace.parse("{\"frame\": 0, \"action\": \(action)}", source: "f.jsonl") }
            #expect(error?.path == path, "\(action)")
            #expect(error?.message.contains(message) == true, "\(action): \(error?.message ?? "no error")")
        }
    }

    @Test func missingTypeListsTheAllowedTypes() {
        let error = scenarioError { _ = try Trace.parse("{\"frame\": 0, \"action\": {}}", source: "u.jsonl") }
        #expect(error?.path == "u.jsonl:1.action.type")
        for name in allActionTypeNames {
            #expect(error?.message.contains(name) == true, "\(name) is not listed")
        }
    }

    @Test(arguments: [
        ("{\"frame\": 0, \"action\": {\"type\": \"toggleHUD\"}, \"extra\": 1}", "k.jsonl:1.extra"),
        ("{\"frame\": 0, \"action\": {\"type\": \"toggleHUD\", \"on\": true}}", "k.jsonl:1.action.on"),
        ("{\"frame\": 0, \"action\": {\"type\": \"pan\", \"by\": [0, 1], \"speed\": 2}}", "k.jsonl:1.action.speed"),
        ("{\"frame\": 0, \"action\": {\"type\": \"zoom\", \"factor\": 2, \"at\": [0, 1]}}", "k.jsonl:1.action.at"),
        ("{\"frame\": 0, \"action\": {\"type\": \"orbit\", \"yaw\": 1, \"pitch\": 2, \"roll\": 3}}", "k.jsonl:1.action.roll"),
        ("{\"frame\": 0, \"action\": {\"type\": \"select\", \"name\": \"x\"}}", "k.jsonl:1.action.name"),
        ("{\"frame\": 0, \"action\": {\"type\": \"setColormap\", \"id\": \"x\"}}", "k.jsonl:1.action.id"),
    ])
    func unknownFieldsNameTheField(line: String, path: String) {
        let error = scenarioError { _ = try Trace.parse(line, source: "k.jsonl") }
        #expect(error?.path == path)
        #expect(error?.message.contains("not a known field") == true)
    }

    @Test(arguments: ["0", "-1", "-0.5", "0.0"])
    func zoomFactorMustBePositive(factor: String) {
        let error = scenarioError {
            _ = try Trace.parse("{\"frame\": 0, \"action\": {\"type\": \"zoom\", \"factor\": \(factor)}}", source: "z.jsonl")
        }
        #expect(error?.path == "z.jsonl:1.action.factor")
        #expect(error?.message.contains("greater than 0") == true)
    }

    @Test(arguments: [
        ("{\"type\": \"zoom\"}", "factor"),
        ("{\"type\": \"pan\"}", "by"),
        ("{\"type\": \"pan\", \"by\": [1]}", "by"),
        ("{\"type\": \"orbit\", \"yaw\": 1}", "pitch"),
        ("{\"type\": \"setColormap\"}", "name"),
        ("{\"type\": \"setColormap\", \"name\": \"jet\"}", "name"),
    ])
    func missingOrBadActionFieldsNameTheField(action: String, field: String) {
        let error = scenarioError { _ = try Trace.parse("{\"frame\": 4, \"action\": \(action)}", source: "a.jsonl") }
        #expect(error?.path == "a.jsonl:1.action.\(field)")
    }

    @Test func loadNamesTheFileInErrorsAndReadsGoodFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("opta-trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("good.jsonl").path
        let bad = folder.appendingPathComponent("bad.jsonl").path
        try Data(Self.handWritten.utf8).write(to: URL(fileURLWithPath: good))
        try Data("{\"frame\": 0, \"action\": {\"type\": \"toggleHUD\"}}\n{\"frame\": 0, \"action\": {\"type\": \"zoom\", \"factor\": -2}}\n".utf8)
            .write(to: URL(fileURLWithPath: bad))

        #expect(try Trace.load(path: good) == Trace.parse(Self.handWritten, source: "x"))
        #expect(scenarioError { _ = try Trace.load(path: bad) }?.path == "\(bad):2.action.factor")
        let missing = folder.appendingPathComponent("missing.jsonl").path
        #expect(scenarioError { _ = try Trace.load(path: missing) }?.path == missing)
    }
}
