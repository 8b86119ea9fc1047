import Foundation
import Testing
@testable import OptaCore

@Suite("Store regressions") struct StoreRegressionTests {
    @Test func selectIdsWithControlCharactersRoundTrip() throws {
        var trace = Trace()
        trace.append(frame: 3, .select("a\nb\t\"c\"\\\u{1}"))
        let back = try Trace.parse(trace.jsonLines, source: "t")
        #expect(back == trace)
    }

    @Test func windowsLineEndingsAreRead() throws {
        let text = "{\"frame\": 1, \"action\": {\"type\": \"toggleHUD\"}}\r\n{\"frame\": 2, \"action\": {\"type\": \"focusNext\"}}\r\n"
        let trace = try Trace.parse(text, source: "crlf")
        #expect(trace.entries.map(\.action) == [.toggleHUD, .focusNext])
    }

    @Test func aZeroStepBudgetStillEvaluatesTheStart() throws {
        let scenario = try ScenarioLoader.parse(Data("""
            {"version": 1, "landscape": {"function": "booth"}, "solvers": [{"method": "adam", "start": [0, 0], "steps": 0}]}
            """.utf8))
        var session = try HeadlessSession(scenario: scenario)
        session.runToCompletion()
        #expect(session.runs[0].status == .stopped)
        #expect(session.runs[0].values == [BuiltinFunction.booth.value(SIMD2(0, 0))])
    }
}
