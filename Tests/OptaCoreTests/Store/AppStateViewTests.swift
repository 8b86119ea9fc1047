import Testing
@testable import OptaCore

@Suite("AppState.visibleScenario and RenderState")
struct AppStateViewTests {
    @Test func visibleScenarioOfAFreshStateIsTheScenario() throws {
        let scenario = try storeScenario()
        #expect(AppState(scenario: scenario).visibleScenario == scenario)
    }

    @Test func visibleScenarioAppliesTheCameraDomain() throws {
        var state = AppState(scenario: try storeScenario())
        state.camera = Camera2D(center: SIMD2(1, 0.5), zoom: 2)
        let shown = state.visibleScenario
        #expect(shown.landscape.domain == Domain(x: -1...3, y: 0...1))
        // Only the domain differs.
        var expected = state.scenario
        expected.landscape.domain = Domain(x: -1...3, y: 0...1)
        #expect(shown == expected)
        // The home domain itself is untouched.
        #expect(state.scenario.landscape.domain == Domain(x: -4...4, y: -1...1))
    }

    @Test func visibleScenarioAppliesTheColormap() throws {
        var state = AppState(scenario: try storeScenario())
        state = Reducer.reduce(state, .setColormap(.cividis))
        var expected = state.scenario
        expected.landscape.colormap = .cividis
        #expect(state.visibleScenario == expected)
        #expect(state.scenario.landscape.colormap == .magma)
    }

    @Test func hidingContoursDropsThemAndTheirLabels() throws {
        let scenario = try storeScenario()
        #expect(scenario.landscape.contours != nil && scenario.landscape.labels)
        let state = Reducer.reduce(AppState(scenario: scenario), .toggleContours)
        var expected = scenario
        expected.landscape.contours = nil
        expected.landscape.labels = false
        #expect(state.visibleScenario == expected)
    }

    @Test func hidingLabelsKeepsContours() throws {
        let scenario = try storeScenario()
        let state = Reducer.reduce(AppState(scenario: scenario), .toggleLabels)
        var expected = scenario
        expected.landscape.labels = false
        #expect(state.visibleScenario == expected)
    }

    @Test func labelsCanBeTurnedOnWhenTheScenarioHasNone() throws {
        let scenario = try storeScenario(landscape: #"{"function": "himmelblau"}"#)
        #expect(!scenario.landscape.labels)
        let state = Reducer.reduce(AppState(scenario: scenario), .toggleLabels)
        #expect(state.visibleScenario.landscape.labels)
    }

    @Test func legendToggleHidesAndShowsTheLegend() throws {
        let scenario = try storeScenario()
        #expect(scenario.axes.legend)
        let hidden = Reducer.reduce(AppState(scenario: scenario), .toggleLegend)
        var expected = scenario
        expected.axes.legend = false
        #expect(hidden.visibleScenario == expected)
        #expect(Reducer.reduce(hidden, .toggleLegend).visibleScenario == scenario)

        let noLegend = try storeScenario("\"axes\": {\"legend\": false}")
        let shown = Reducer.reduce(AppState(scenario: noLegend), .toggleLegend)
        #expect(shown.visibleScenario.axes.legend)
    }

    @Test func hudFocusAndSelectionDoNotChangeTheScenario() throws {
        let scenario = try storeScenario()
        var state = AppState(scenario: scenario)
        for action: Action in [.toggleHUD, .focusNext, .select("x"), .pauseSolvers, .stepSolvers, .resetSolvers] {
            state = Reducer.reduce(state, action)
        }
        #expect(state.visibleScenario == scenario)
    }

    @Test func renderStateAppendsSolverPathsAfterScenarioPaths() throws {
        let scenario = try storeScenario("""
            "paths": [{"name": "logged", "points": [[0, 0], [1, 0.5]]}],
            "solvers": [
              {"id": "first", "method": "gradient-descent", "start": [-1.5, 0.5], "steps": 1000, "color": [1, 0, 0]},
              {"id": "second", "method": "momentum", "start": [1, -0.5], "steps": 1000}
            ]
            """)
        var session = try HeadlessSession(scenario: scenario)
        for _ in 0..<3 { session.advanceFrame() }
        let render = session.renderState
        let paths = render.scenario.paths
        #expect(paths.map(\.name) == ["logged", "first", "second"])
        #expect(paths[0] == scenario.paths[0])
        #expect(paths[1].points == session.runs[0].trajectory)
        #expect(paths[2].points == session.runs[1].trajectory)
        #expect(paths[1].points.count == 4)  // start + 3 steps
        #expect(paths[1].points.first == SIMD2(-1.5, 0.5))
        #expect(try paths[1].color == SceneColor.validated([1, 0, 0], path: "color"))
        #expect(paths[2].color == nil)
        #expect(render.solvers.map(\.id) == ["first", "second"])
        #expect(render.frame == 2)
        // The rest of the scenario is the visible scenario.
        var withoutSolverPaths = render.scenario
        withoutSolverPaths.paths.removeLast(2)
        #expect(withoutSolverPaths == session.state.visibleScenario)
    }

    @Test func renderStateCarriesHUDFocusAndSelection() throws {
        var state = AppState(scenario: try storeScenario())
        state = Reducer.reduce(Reducer.reduce(Reducer.reduce(state, .toggleHUD), .focusNext), .select("gd"))
        let render = RenderState(frame: 7, state: state, solvers: [])
        #expect(render.frame == 7 && render.showHUD && render.focus == .index(0) && render.selection == "gd")
        #expect(render.scenario == state.visibleScenario)
    }

    @Test func snapshotCopiesTheRun() throws {
        var run = try SolverRun(id: "r", method: .adam, start: SIMD2(1, 2), rules: StopRules(maxSteps: 100))
        let before = SolverSnapshot(run, paused: true)
        #expect(before.value.isNaN && before.gradientNorm.isNaN && before.step == 0 && before.paused)
        #expect(before.trajectory == [SIMD2(1, 2)] && before.point == SIMD2(1, 2) && before.status == .running)
        run.run(steps: 4, on: .builtin(.rosenbrock))
        let after = SolverSnapshot(run, paused: false)
        #expect(after.id == "r" && after.method == .adam && after.step == 4 && !after.paused)
        #expect(after.trajectory == run.trajectory && after.point == run.point)
        #expect(after.value == run.values.last && after.gradientNorm == run.gradientNorms.last)
        // The earlier snapshot is a copy: the run going on does not change it.
        #expect(before.trajectory.count == 1)
    }
}
