import Foundation
import Testing
@testable import OptaCore

/// The viewer's saved state: written as JSON, read back exactly, every field checked.
@Suite("ViewerSnapshot")
struct ViewerSnapshotTests {
    static let scenario = DefaultScenario.scenario()

    /// A state moved away from the scenario's opening view in every saved field.
    static func changedState() -> AppState {
        var state = AppState(scenario: scenario)
        for action: Action in [.zoom(factor: 3.7, about: SIMD2(0.31, 0.64)), .pan(SIMD2(0.123, -0.05)), .setColormap(.magma),
                               .toggleContours, .toggleLegend, .toggleHUD, .pauseSolvers, .focusNode("solver.Adam"), .focusNext, .select("solver.Adam")] {
            state = Reducer.reduce(state, action)
        }
        return state
    }

    @Test func aSnapshotReadsBackExactlyAndRestoresTheView() throws {
        let state = Self.changedState()
        let snapshot = ViewerSnapshot(state: state, windowSize: SIMD2(800, 600))
        let read = try ViewerSnapshot(json: snapshot.json)
        #expect(read == snapshot)
        let restored = read.applied(to: AppState(scenario: Self.scenario))
        #expect(restored == state)
        #expect(read.windowSize == SIMD2(800, 600))
    }

    @Test func aThreeDimensionalOrbitReadsBackAndIsAppliedOnlyIn3D() throws {
        let surface = try ScenarioLoader.parse(Data("""
            {"version": 1, "landscape": {"function": "himmelblau"}, "view": "3d"}
            """.utf8))
        var state = AppState(scenario: surface)
        state = Reducer.reduce(state, .orbit(yaw: 33.3, pitch: -12.5))
        state = Reducer.reduce(state, .zoom(factor: 1.7, about: SIMD2(0.5, 0.5)))
        let read = try ViewerSnapshot(json: ViewerSnapshot(state: state, windowSize: SIMD2(640, 480)).json)
        #expect(read.applied(to: AppState(scenario: surface)) == state)
        // A 2D scenario has no orbit to apply.
        #expect(read.applied(to: AppState(scenario: Self.scenario)).orbit == nil)
    }

    @Test(arguments: [
        ("{\"version\": 1", "not valid JSON"),
        ("[]", "object"),
        ("{\"version\": 2}", "version"),
        ("{\"version\": 1, \"window\": [640, 480]}", "camera is missing"),
        ("{\"version\": 1, \"camera\": {\"center\": [0, 0], \"zoom\": 0}}", "camera.zoom must be from"),
        ("{\"version\": 1, \"camera\": {\"center\": [1e308, 0], \"zoom\": 1}}", "camera.center must lie within"),
        ("{\"version\": 1, \"camera\": {\"center\": [0], \"zoom\": 1}}", "camera.center"),
        ("{\"version\": 1, \"camera\": {\"center\": [0, 0], \"zoom\": 1}, \"colormap\": \"rainbow\"}", "colormap must be one of"),
        ("{\"version\": 1, \"camera\": {\"center\": [0, 0], \"zoom\": 1}, \"colormap\": \"magma\"}", "contours is missing"),
        ("{\"version\": 1, \"camera\": {\"center\": [0, 0], \"zoom\": 1}, \"spin\": true}", "spin"),
    ])
    func damagedSnapshotsAreRefusedNamingTheField(text: String, fragment: String) {
        #expect {
            try ViewerSnapshot(json: text)
        } throws: { error in
            "\(error)".contains(fragment)
        }
    }

    @Test func everyFieldIsChecked() throws {
        let good = ViewerSnapshot(state: Self.changedState(), windowSize: SIMD2(800, 600)).json
        for (from, to, fragment) in [
            ("\"window\": [800, 600]", "\"window\": [800, 20]", "window must be"),
            ("\"window\": [800, 600]", "\"window\": [800.5, 600]", "window must be"),
            ("\"offset\": 1}", "\"offset\": 1.5}", "focus.offset must be"),
            ("\"focus\": {\"anchor\": \"solver.Adam\", \"offset\": 1}", "\"focus\": 2", "focus must be"),
            ("\"hud\": true", "\"hud\": 1", "hud must be"),
            ("\"running\": false", "\"running\": null", "running is missing"),
        ] {
            #expect(good.contains(from), "\(good)")
            #expect { try ViewerSnapshot(json: good.replacingOccurrences(of: from, with: to)) } throws: { "\($0)".contains(fragment) }
        }
        let orbit = "{\"version\": 1, \"camera\": {\"center\": [0, 0], \"zoom\": 1}, \"orbit\": {\"target\": [0, 0, 0], \"distance\": 5, \"yaw\": 0, \"pitch\": 95}}"
        #expect { try ViewerSnapshot(json: orbit) } throws: { "\($0)".contains("orbit.pitch must be from") }
    }
}
