import Foundation
import OptaCore
import Testing

/// The accessibility outlines of the grid examples: they name the file, its size and where the
/// lowest sample lies. Recorded like the other outline goldens (OPTA_GOLDENS=missing).
@Suite struct GridOutlineTests {
    @Test(arguments: ["grid-valley", "grid-valley-3d"])
    func outline(name: String) throws {
        let scenario = try ScenarioLoader.load(path: A11yScene.root.appendingPathComponent("Examples/\(name).json").path)
        let tree = try A11yScene.sceneTree(try A11yScene.session(scenario), scenario: scenario)
        #expect(tree.outline.contains("samples from grids/valley.npy (.npy array), 101 rows (y) × 121 columns (x)"))
        #expect(tree.outline.contains("lowest sample f = "))
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
        #expect(tree.outline == (try String(contentsOfFile: path, encoding: .utf8)))
    }
}
