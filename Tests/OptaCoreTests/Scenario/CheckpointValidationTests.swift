import Foundation
import Testing
@testable import OptaCore

/// hand-edited checkpoints are validated like scenarios, with JSON paths.
@Suite struct CheckpointValidationTests {
    func checkpoint(_ edit: (inout [String: Any]) -> Void) throws -> Data {
        var run = try SolverRun(id: "Adam", method: .adam, start: SIMD2(-1.5, 2.5), rules: StopRules(maxSteps: 3))
        run.run(steps: 3, on: Objective.builtin(.rosenbrock))
        var json = try #require(try JSONSerialization.jsonObject(with: SessionCheckpoint(runs: [run]).encoded()) as? [String: Any])
        edit(&json)
        return try JSONSerialization.data(withJSONObject: json)
    }

    func message(_ edit: (inout [String: Any]) -> Void) throws -> String {
        do {
            _ = try CheckpointValidation.load(try checkpoint(edit), source: "c.json")
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    /// Sets a field of the first run's Adam state.
    func state(_ key: String, _ value: Any) -> (inout [String: Any]) -> Void {
        { json in
            var runs = json["runs"] as! [[String: Any]]
            var state = runs[0]["state"] as! [String: Any]
            var adam = state["adam"] as! [String: Any]
            var fields = adam["_0"] as! [String: Any]
            fields[key] = value
            adam["_0"] = fields
            state["adam"] = adam
            runs[0]["state"] = state
            json["runs"] = runs
        }
    }

    func run(_ key: String, _ value: Any) -> (inout [String: Any]) -> Void {
        { json in
            var runs = json["runs"] as! [[String: Any]]
            runs[0][key] = value
            json["runs"] = runs
        }
    }

    @Test func anUneditedCheckpointIsAccepted() throws {
        #expect(try message { _ in } == "accepted")
    }

    @Test func aPointOf1e308IsOutsideTheBounds() throws {
        let text = try message(state("point", [1e308, 1e308]))
        #expect(text.hasPrefix("runs[0].state.adam._0.point") && text.contains("outside"), "\(text)")
    }

    @Test func aNegativeLearningRateIsRejected() throws {
        let text = try message(state("learningRate", -5))
        #expect(text.hasPrefix("runs[0].state.adam._0.learningRate") && text.contains("-5"), "\(text)")
    }

    @Test func aNegativeStepCountIsRejected() throws {
        let text = try message(run("stepCount", -7))
        #expect(text.hasPrefix("runs[0].stepCount must be from 0") && text.contains("-7"), "\(text)")
    }

    @Test func anUnknownVersionIsRejected() throws {
        let text = try message { $0["version"] = 99 }
        #expect(text.hasPrefix("version must be \(SessionCheckpoint.currentVersion), got 99"), "\(text)")
    }

    @Test func aNonFinitePointOfARunningRunIsRejected() throws {
        let text = try message(state("point", ["-Infinity", "-Infinity"]))
        #expect(text.hasPrefix("runs[0].state.adam._0.point must be finite"), "\(text)")
    }

    @Test func wrongTypesAndMissingFieldsNameTheirPathWithoutDecodingErrorText() throws {
        let wrongType = try message(state("point", "x"))
        #expect(wrongType.hasPrefix("runs[0].state.adam._0.point must be an array"), "\(wrongType)")
        let missing = try message { json in
            var runs = json["runs"] as! [[String: Any]]
            runs[0]["rules"] = nil
            json["runs"] = runs
        }
        #expect(missing.hasPrefix("runs[0].rules is missing"), "\(missing)")
        for text in [wrongType, missing] { #expect(!text.contains("DecodingError") && !text.contains("CodingKeys")) }
    }

    @Test func invalidJSONGivesLineAndColumn() {
        #expect { try CheckpointValidation.load(Data("{\"version\": 1,\n \"runs\": [}".utf8), source: "c.json") } throws: { error in
            "\(error)".contains("c.json is not valid JSON: line 2, column")
        }
    }
}
