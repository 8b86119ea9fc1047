import Foundation
import OptaA11y
import OptaCore
import OptaRuntime
import Testing

/// The live audio graph's cues: the followed solver's level while it runs, one earcon when its
/// status changes to converged or diverged, silence when paused or finished.
@Suite struct LiveSonificationTests {
    static func scenario(_ solvers: String) throws -> Scenario {
        try ScenarioLoader.parse(Data("""
            {"version": 1, "landscape": {"function": "booth"}, "solvers": [\(solvers)], "stepsPerFrame": 5}
            """.utf8))
    }

    static let nm = #"{"id": "nm", "method": "nelder-mead", "start": [0, 0], "steps": 500}"#
    static let gd = #"{"id": "gd", "method": "gradient-descent", "start": [-8, 8], "steps": 20, "params": {"learningRate": 0.001}}"#

    /// f / 100 as the level, to see which solver is followed.
    static func level(_ f: Double) -> Double? { f / 100 }

    @Test func followsTheNamedSolverElseTheFirst() throws {
        var session = try HeadlessSession(scenario: try Self.scenario(Self.nm + ", " + Self.gd))
        session.advanceFrame()
        var live = LiveSonification()
        let solvers = session.renderState.solvers
        let first = live.cue(solvers: solvers, following: nil, level: Self.level)
        #expect(first.solver == "nm" && first.level == solvers[0].value / 100)
        let named = live.cue(solvers: solvers, following: "gd", level: Self.level)
        #expect(named.solver == "gd" && named.level == solvers[1].value / 100)
        let unknown = live.cue(solvers: solvers, following: "logged", level: Self.level)
        #expect(unknown.solver == "nm")
        #expect(live.cue(solvers: [], following: nil, level: Self.level) == LiveSonification.Cue(solver: nil, level: nil, events: []))
    }

    @Test func convergenceSoundsOnceWhenItHappensThenSilence() throws {
        var session = try HeadlessSession(scenario: try Self.scenario(Self.nm))
        var live = LiveSonification()
        var cues: [LiveSonification.Cue] = []
        for _ in 0..<100 {
            session.advanceFrame()
            cues.append(live.cue(solvers: session.renderState.solvers, following: nil, level: Self.level))
        }
        #expect(session.runs[0].status == .converged)
        let sounded = cues.indices.filter { !cues[$0].events.isEmpty }
        #expect(sounded.count == 1 && cues[sounded[0]].events == [.converged])
        #expect(cues[..<sounded[0]].allSatisfy { $0.level != nil }, "the tone plays while it runs")
        #expect(cues[sounded[0]...].allSatisfy { $0.level == nil }, "and stops when it converged")
    }

    @Test func aRunFinishedBeforeItWasHeardMakesNoEarconAndPauseSilences() throws {
        var finished = try HeadlessSession(scenario: try Self.scenario(Self.nm))
        finished.runToCompletion()
        var live = LiveSonification()
        #expect(live.cue(solvers: finished.renderState.solvers, following: nil, level: Self.level).events.isEmpty)

        var paused = try HeadlessSession(scenario: try Self.scenario(Self.gd))
        paused.apply(.pauseSolvers)
        paused.advanceFrame()
        #expect(live.cue(solvers: paused.renderState.solvers, following: nil, level: Self.level).level == nil)
    }
}
