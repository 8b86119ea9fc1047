import Foundation
import Testing
@testable import OptaCore

/// A checkpoint of a run longer than the trajectory cap holds its kept points and which steps they
/// are ("decimation"); damage to either is named by its JSON path.
@Suite struct DecimatedCheckpointTests {
    static func checkpoint(_ edit: (inout [String: Any]) -> Void) throws -> Data {
        var run = try SolverRun(id: "GD", method: .gradientDescent, start: SIMD2(-1.5, 2), parameters: ["learningRate": 1e-4],
                                rules: StopRules(maxSteps: 20_000, fTolerance: 0, gradientTolerance: 0))
        run.run(steps: 20_000, on: Objective.builtin(.rosenbrock))
        var json = try #require(try JSONSerialization.jsonObject(with: SessionCheckpoint(runs: [run]).encoded()) as? [String: Any])
        var runs = json["runs"] as! [[String: Any]]
        edit(&runs[0])
        json["runs"] = runs
        return try JSONSerialization.data(withJSONObject: json)
    }

    static func message(_ edit: (inout [String: Any]) -> Void) throws -> String {
        do {
            _ = try CheckpointValidation.load(try checkpoint(edit), source: "c.json")
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    @Test func aDecimatedCheckpointRoundTrips() throws {
        let data = try Self.checkpoint { _ in }
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"decimation\""))
        let loaded = try CheckpointValidation.load(data, source: "c.json")
        let path = loaded.runs[0].path
        #expect(path.isDecimated && path.points.count <= SolverTrajectory.defaultCapacity)
        #expect(path.count == 20_001 && path.steps.last == 20_000 && loaded.runs[0].stepCount == 20_000)
    }

    @Test func damagedStepsAndCountsNameTheirPath() throws {
        let steps = try Self.message { run in
            var decimation = run["decimation"] as! [String: Any]
            var steps = decimation["steps"] as! [Int]
            steps[3] = steps[2]
            decimation["steps"] = steps
            run["decimation"] = decimation
        }
        #expect(steps.hasPrefix("runs[0].decimation.steps[3] must be above the step before it"), "\(steps)")
        let values = try Self.message { run in run["values"] = Array((run["values"] as! [Double]).dropLast()) }
        #expect(values.hasPrefix("runs[0].values must have one entry per trajectory point"), "\(values)")
        let beyond = try Self.message { run in run["stepCount"] = 100 }
        #expect(beyond.hasPrefix("runs[0].decimation.steps reach step 20000, beyond the run's stepCount 100"), "\(beyond)")
        for text in [steps, values, beyond] { #expect(!text.contains("DecodingError")) }
    }
}
