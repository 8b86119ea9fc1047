import Foundation
import Testing
@testable import OptaCore

@Suite struct PanelLoaderTests {
    func parse(_ panels: String) throws(ScenarioError) -> Scenario {
        try ScenarioLoader.parse(Data(#"{"version": 1, "landscape": {"function": "rosenbrock"}, "panels": \#(panels)}"#.utf8))
    }

    func expectError(_ panels: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try parse(panels)
            Issue.record("expected an error for \(panels)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.description == message, sourceLocation: sourceLocation)
        }
    }

    @Test func panelsAreReadInOrderWithTheirSettings() throws {
        let s = try parse(#"""
            [{"view": "landscape", "camera": {"center": [1, 1], "zoom": 4}, "title": "Near the minimum"},
             {"view": "convergence", "weight": 2, "gradientNorm": true}]
            """#)
        #expect(s.panels == [
            PanelSpec(kind: .landscape, title: "Near the minimum", camera: Camera2D(center: SIMD2(1, 1), zoom: 4)),
            PanelSpec(kind: .convergence, weight: 2, gradientNorm: true),
        ])
    }

    @Test func noPanelsMeansTheSingleView() throws {
        let s = try ScenarioLoader.parse(Data(#"{"version": 1, "landscape": {"function": "rosenbrock"}}"#.utf8))
        #expect(s.panels.isEmpty)
    }

    @Test func badPanelsNameTheFieldAndTheFix() {
        expectError("[]", "panels must list 1 to 8 panels, got 0")
        expectError(#"[{"weight": 1}]"#, #"panels[0].view is missing; one of "landscape", "convergence""#)
        expectError(#"[{"view": "landscape"}, {"view": "chart"}]"#,
                    #"panels[1].view must be "landscape" or "convergence", got "chart""#)
        expectError(#"[{"view": "convergence", "camera": {"zoom": 2}}]"#,
                    #"panels[0].camera only a "landscape" panel has a camera; remove it"#)
        expectError(#"[{"view": "landscape", "gradientNorm": true}]"#,
                    #"panels[0].gradientNorm only a "convergence" panel draws ‖∇f‖; remove it"#)
        expectError(#"[{"view": "landscape", "weight": 0}]"#, "panels[0].weight must be greater than 0, got 0")
        expectError(#"[{"view": "landscape", "size": 3}]"#,
                    "panels[0].size is not a known field; allowed here: view, weight, title, camera, gradientNorm, xTitle, yTitle, xScale, best, points")
    }
}
