import Foundation
import OptaA11y
import OptaCore
import OptaScene
import OptaText

/// Scenes, sessions and trees for the accessibility tests.
enum A11yScene {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func parse(_ json: String) throws -> Scenario {
        try ScenarioLoader.parse(Data(json.utf8), source: "test scenario")
    }

    /// The session of `scenario` run to completion, or through `frame`.
    static func session(_ scenario: Scenario, frame: Int? = nil) throws -> HeadlessSession {
        var session = try HeadlessSession(scenario: scenario)
        if let frame { session.replay(Trace(), through: frame) } else { session.runToCompletion() }
        return session
    }

    /// The figure and tree of the session's current frame.
    static func tree(_ session: HeadlessSession, scenario: Scenario) throws -> (LandscapeFigure, RenderState, AccessibilityTree) {
        let state = session.renderState
        let figure = SessionFigures(scenario: scenario, fonts: try FontLibrary.loadDefault()).landscapeFigure(for: state)
        return (figure, state, LandscapeAccessibility.tree(figure: figure, state: state))
    }

    /// The tree of the session's current frame, for a scenario of any kind.
    static func sceneTree(_ session: HeadlessSession, scenario: Scenario) throws -> AccessibilityTree {
        let state = session.renderState
        return SessionFigures(scenario: scenario, fonts: try FontLibrary.loadDefault()).figure(for: state).accessibilityTree(for: state)
    }

    static let himmelblau = """
        {"version": 1, "size": {"width": 800, "height": 600}, "landscape": {"function": "himmelblau"},
         "solvers": [{"id": "GD", "method": "gradient-descent", "start": [0, 0], "steps": 300, "params": {"learningRate": 0.01}}]}
        """

    static let bowl = """
        {"version": 1, "size": {"width": 640, "height": 480},
         "landscape": {"expression": "x^2 + y^2", "domain": {"x": [-2, 2], "y": [-2, 2]}},
         "solvers": [{"id": "GD", "method": "gradient-descent", "start": [1.5, 1], "steps": 500, "params": {"learningRate": 0.1}}]}
        """
}
