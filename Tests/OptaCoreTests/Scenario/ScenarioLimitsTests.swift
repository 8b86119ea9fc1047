import Foundation
import Testing
@testable import OptaCore

/// documented limits are checked before work starts, naming the JSON path.
@Suite struct ScenarioLimitsTests {
    func message(_ json: String) -> String {
        do {
            _ = try ScenarioLoader.parse(Data(json.utf8))
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    @Test func fiftyAnnealersOfTenMillionStepsAreRefusedBeforeRunning() {
        let solvers = (0..<50).map { #"{"id": "s\#($0)", "method": "simulated-annealing", "start": [0, 0], "steps": 10000000}"# }
        let text = message(#"{"version": 1, "landscape": {"function": "rosenbrock"}, "solvers": [\#(solvers.joined(separator: ","))]}"#)
        #expect(text.hasPrefix("solvers ask for 500000000 steps in all (50 solvers), more than 20000000"), "\(text)")
        #expect(text.contains("docs/limits.md"))
    }

    @Test func tooManySolversAreRefused() {
        let solvers = (0..<65).map { #"{"id": "s\#($0)", "method": "adam", "start": [0, 0], "steps": 1}"# }
        let text = message(#"{"version": 1, "landscape": {"function": "rosenbrock"}, "solvers": [\#(solvers.joined(separator: ","))]}"#)
        #expect(text.hasPrefix("solvers has 65 solvers, more than the 64"), "\(text)")
    }

    @Test func aForceLayoutTooLargeToFinishIsRefused() {
        let nodes = (0..<1000).map { #"{"id": "n\#($0)"}"# }.joined(separator: ",")
        let text = message(#"{"version": 1, "graph": {"nodes": [\#(nodes)], "edges": [], "layout": {"method": "force", "iterations": 1000000}}}"#)
        #expect(text.hasPrefix("graph.layout.iterations is 1000000 for 1000 nodes"), "\(text)")
    }

    @Test func scenariosWithinTheLimitsAreAccepted() {
        #expect(message(#"{"version": 1, "landscape": {"function": "rosenbrock"}, "solvers": [{"method": "adam", "start": [0, 0], "steps": 10000000}]}"#) == "accepted")
    }
}
