import Foundation
import OptaCore
import Testing

/// The outlines of the golden scenes, kept beside their image goldens. Recorded like them:
/// OPTA_GOLDENS=missing writes one when absent, =all rewrites them; read them before committing.
@Suite struct OutlineGoldenTests {
    /// Golden name and scenario (nil: the default scene, R1).
    static let scenes: [(String, String?)] = [
        ("r1-landscape2d", nil), ("himmelblau", "Examples/himmelblau.json"), ("rastrigin-linear", "Examples/rastrigin-linear.json"),
        ("formula", "Examples/formula.json"), ("undefined-region", "Examples/undefined-region.json"),
        ("convergence", "Examples/convergence.json"), ("panels", "Examples/panels.json"),
        ("r3-surface3d", "Benchmarks/Scenarios/r3-surface3d.json"), ("rastrigin-3d-isolines", "Examples/rastrigin-3d.json"),
        ("unicode-labels", "Examples/unicode-labels.json"), ("state-machine", "Examples/state-machine.json"),
    ]

    @Test(arguments: scenes.map(\.0))
    func outline(name: String) throws {
        let file = Self.scenes.first { $0.0 == name }!.1
        let scenario = try file.map { try ScenarioLoader.load(path: A11yScene.root.appendingPathComponent($0).path) }
            ?? DefaultScenario.scenario()
        let tree = try A11yScene.sceneTree(try A11yScene.session(scenario), scenario: scenario)
        let path = A11yScene.root.appendingPathComponent("Goldens/\(name).a11y.txt").path
        let mode = ProcessInfo.processInfo.environment["OPTA_GOLDENS"] ?? "never"
        let exists = FileManager.default.fileExists(atPath: path)
        if mode == "all" || (mode == "missing" && !exists) {
            try tree.outline.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        guard exists else {
            Issue.record("no outline golden at \(path); record it with OPTA_GOLDENS=missing and read it")
            return
        }
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        #expect(tree.outline == expected)
    }
}
