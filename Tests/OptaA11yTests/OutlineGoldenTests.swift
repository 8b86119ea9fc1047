import Foundation
import OptaCore
import Testing

/// The outline of the default scene (R1), kept beside the image goldens. Recorded like them:
/// OPTA_GOLDENS=missing writes it when absent, =all rewrites it; read it before committing.
@Suite struct OutlineGoldenTests {
    @Test func r1Outline() throws {
        let scenario = DefaultScenario.scenario()
        let (_, _, tree) = try A11yScene.tree(try A11yScene.session(scenario), scenario: scenario)
        let path = A11yScene.root.appendingPathComponent("Goldens/r1-landscape2d.a11y.txt").path
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
