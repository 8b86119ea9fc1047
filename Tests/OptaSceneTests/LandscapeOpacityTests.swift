import Foundation
import OptaCore
@testable import OptaRaster
import OptaScene
import OptaText
import Testing

/// Landscape frames are opaque in every pixel, so straight-alpha output (PNG files, a Python
/// caller's array) is drawn without converting: the plan says so, and the pixels agree.
@Suite struct LandscapeOpacityTests {
    static let scenarios = [
        LandscapeLayerCacheTests.scenario,
        // Undefined values (the hatch), a translucent contour colour, a logged path with markers.
        """
        {"version": 1, "size": {"width": 320, "height": 240}, "title": "√x",
         "landscape": {"expression": "sqrt(x) + y^2", "domain": {"x": [-2, 2], "y": [-2, 2]}, "contours": {"count": 6, "color": [0, 0, 0, 0.4]}},
         "paths": [{"name": "logged", "points": [[-1, 1], [0.5, 0.2], [1.5, -1]], "color": [1, 0, 0, 0.5], "markers": true}]}
        """,
    ]

    @Test(arguments: scenarios)
    func landscapeFramesAreOpaque(json: String) throws {
        let scenario = try ScenarioLoader.parse(Data(json.utf8))
        var session = try HeadlessSession(scenario: scenario)
        session.runToCompletion()
        let state = session.renderState
        let figure = SessionFigures(scenario: scenario, fonts: try FontLibrary.loadDefault()).landscapeFigure(for: state)
        #expect(figure.plan(state, overlay: DrawList()).isOpaque(width: figure.width, height: figure.height))
        let frame = figure.render(state, threads: 2)
        #expect(frame.pixels.allSatisfy { $0 >> 24 == 255 })
    }
}
