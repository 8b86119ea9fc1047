import Foundation
@testable import OptaCore
import Testing

/// A stored run is turned into a solver's trajectory once, and every frame shows it through that
/// same trajectory.
@Suite struct RecordedRunTests {
    @Test func aStoredRunIsDecimatedOnceAndEveryFrameShowsTheSameTrajectory() throws {
        let points = (0..<10_000).map { SIMD2(Double($0) * 1e-3, sin(Double($0) * 1e-2)) }
        let run = RecordedRun(name: "#7 adam", method: .adam, trajectory: points, values: points.map(\.y),
                              gradientNorms: points.map(\.x), status: .converged)
        let appended = SolverTrajectory(points, values: points.map(\.y), gradientNorms: points.map(\.x))
        #expect(run.path == appended)
        #expect(run.path.isDecimated)
        var scenario = try ScenarioLoader.parse(Data(#"{"version": 1, "landscape": {"function": "rosenbrock"}}"#.utf8))
        scenario.recordedRuns = [run]
        let state = AppState(scenario: scenario)
        let frames = [RenderState(frame: 1, state: state, solvers: []), RenderState(frame: 2, state: state, solvers: [])]
        for frame in frames {
            #expect(frame.solvers.map(\.path) == [appended])
            #expect(frame.solvers.first?.status == .converged && frame.solvers.first?.step == 9_999)
            #expect(frame.scenario.paths.last?.points == appended.points)
        }
        // Both frames hold the run's own points, not copies made for each.
        let storage = frames.map { $0.scenario.paths.last?.points.withUnsafeBufferPointer { $0.baseAddress } }
        #expect(storage[0] != nil && storage[0] == storage[1])
        #expect(storage[0] == run.path.points.withUnsafeBufferPointer { $0.baseAddress })
    }
}
