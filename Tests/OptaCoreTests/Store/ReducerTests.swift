import Testing
@testable import OptaCore

/// Each action changes exactly what it should: the expected state is the old one with only those
/// fields edited, and the whole `AppState` values are compared.
@Suite("Reducer")
struct ReducerTests {
    /// A state with a scenario camera (centre (1, 0.5), zoom 2: view x −1…3, y 0…1) and a few
    /// non-default fields, so that a reducer resetting them would be caught.
    func base() throws -> AppState {
        var state = AppState(scenario: try storeScenario("\"camera\": {\"center\": [1, 0.5], \"zoom\": 2}, " + twoSolvers))
        state.pendingSteps = 2
        state.solverGeneration = 5
        state.focus = .index(3)
        state.selection = "gd"
        state.showHUD = true
        return state
    }

    @Test func initialStateFollowsTheScenario() throws {
        let state = AppState(scenario: try storeScenario("\"camera\": {\"center\": [1, 0.5], \"zoom\": 2}"))
        #expect(state.camera == Camera2D(center: SIMD2(1, 0.5), zoom: 2))
        #expect(state.solversRunning)
        #expect(state.pendingSteps == 0 && state.solverGeneration == 0)
        #expect(state.colormap == .magma)
        #expect(state.showContours && state.showLabels && state.showLegend)
        #expect(!state.showHUD && state.focus == nil && state.selection == nil)

        let plain = AppState(scenario: try storeScenario(
            landscape: #"{"function": "booth", "domain": {"x": [0, 2], "y": [-3, 5]}, "contours": false}"#))
        #expect(plain.camera == Camera2D(center: SIMD2(1, 1), zoom: 1))
        #expect(plain.colormap == .viridis && !plain.showContours && !plain.showLabels)
    }

    @Test func everyActionKindIsCoveredHere() {
        // The reducer tests below go through these kinds; this fails when a kind is added without a test.
        let covered: Set<String> = Set(oneOfEveryAction.map(\.typeName))
        #expect(covered == allActionTypeNames)
        #expect(Set(Action.simpleActions.map(\.typeName)).union(["orbit", "pan", "zoom", "setColormap", "select", "focus", "appendFollowedPoints"]) == allActionTypeNames)
    }

    @Test func orbitPansOneDegreeAsA360thOfTheView() throws {
        let state = try base()
        let next = Reducer.reduce(state, .orbit(yaw: 36, pitch: 18))
        // pan by (−36, 18)/360 = (−0.1, 0.05) of a 4 × 1 view: centre moves by (−0.4, 0.05).
        #expect(storeNear(next.camera.center, SIMD2(0.6, 0.55)))
        #expect(next.camera.zoom == 2)
        var expected = state
        expected.camera = next.camera
        #expect(next == expected)
    }

    @Test func panMovesTheCameraOnly() throws {
        let state = try base()
        let next = Reducer.reduce(state, .pan(SIMD2(0.25, -0.5)))
        var expected = state
        expected.camera = Camera2D(center: SIMD2(2, 0), zoom: 2)  // (0.25·4, −0.5·1) from (1, 0.5)
        #expect(next == expected)
    }

    @Test func zoomZoomsTheCameraOnly() throws {
        let state = try base()
        let next = Reducer.reduce(state, .zoom(factor: 2, about: SIMD2(0, 1)))
        // Top-left (−1, 1) stays: view x −1…1, y 0.5…1.
        #expect(next.camera.zoom == 4)
        #expect(storeNear(next.camera.visibleDomain(home: state.scenario.landscape.domain), Domain(x: -1...1, y: 0.5...1)))
        var expected = state
        expected.camera = next.camera
        #expect(next == expected)
    }

    @Test(arguments: [0.0, -2.0, Double.nan])
    func zoomWithABadFactorChangesNothing(factor: Double) throws {
        let state = try base()
        #expect(Reducer.reduce(state, .zoom(factor: factor, about: SIMD2(0.5, 0.5))) == state)
    }

    @Test func resetCameraReturnsToTheScenarioCamera() throws {
        let state = try base()
        let moved = Reducer.reduce(Reducer.reduce(state, .pan(SIMD2(0.3, 0.1))), .zoom(factor: 3, about: SIMD2(0.2, 0.2)))
        #expect(moved.camera != state.camera)
        #expect(Reducer.reduce(moved, .resetCamera) == state)
    }

    @Test func resetCameraWithoutAScenarioCameraShowsTheDomain() throws {
        let state = AppState(scenario: try storeScenario())
        #expect(state.scenario.camera == nil)
        let moved = Reducer.reduce(Reducer.reduce(state, .zoom(factor: 5, about: SIMD2(0.9, 0.1))), .pan(SIMD2(1, 1)))
        #expect(moved.camera != state.camera)
        let reset = Reducer.reduce(moved, .resetCamera)
        #expect(reset == state)
        #expect(reset.camera.visibleDomain(home: state.scenario.landscape.domain) == Domain(x: -4...4, y: -1...1))
    }

    @Test func startAndResumeRunTheSolvers() throws {
        var state = try base()
        state.solversRunning = false
        var expected = state
        expected.solversRunning = true
        expected.pendingSteps = 0  // single steps asked for while paused are dropped when running again
        #expect(state.pendingSteps > 0)
        #expect(Reducer.reduce(state, .startSolvers) == expected)
        #expect(Reducer.reduce(state, .resumeSolvers) == expected)
        // Already running: nothing changes.
        #expect(Reducer.reduce(expected, .startSolvers) == expected)
        #expect(Reducer.reduce(expected, .resumeSolvers) == expected)
    }

    @Test func pauseStopsTheSolvers() throws {
        let state = try base()
        var expected = state
        expected.solversRunning = false
        #expect(Reducer.reduce(state, .pauseSolvers) == expected)
        #expect(Reducer.reduce(expected, .pauseSolvers) == expected)
    }

    @Test func togglePauseFlipsRunning() throws {
        let state = try base()
        var paused = state
        paused.solversRunning = false
        #expect(Reducer.reduce(state, .togglePause) == paused)
        var running = state
        running.pendingSteps = 0  // running again drops queued single steps
        #expect(Reducer.reduce(paused, .togglePause) == running)
    }

    @Test func stepSolversPausesAndQueuesOneStep() throws {
        let state = try base()
        var expected = state
        expected.solversRunning = false
        expected.pendingSteps = 3
        let once = Reducer.reduce(state, .stepSolvers)
        #expect(once == expected)
        expected.pendingSteps = 4
        #expect(Reducer.reduce(once, .stepSolvers) == expected)
    }

    @Test func resetSolversBumpsTheGenerationAndDropsPendingSteps() throws {
        let state = try base()
        var expected = state
        expected.solverGeneration = 6
        expected.pendingSteps = 0
        #expect(Reducer.reduce(state, .resetSolvers) == expected)
    }

    @Test func setColormapSetsAKnownName() throws {
        let state = try base()
        for name in Colormap.allCases {
            var expected = state
            expected.colormap = name
            #expect(Reducer.reduce(state, .setColormap(name)) == expected)
        }
    }

    /// A colormap is a `Colormap`: an unknown name is refused where it is read, never kept.
    @Test(arguments: ["jet", "", "Viridis", "magma "])
    func setColormapOfAnUnknownNameIsRefusedWhenRead(name: String) throws {
        let line = "{\"frame\": 0, \"action\": {\"type\": \"setColormap\", \"name\": \"\(name)\"}}"
        #expect { try Trace.parse(line, source: "t.jsonl") } throws: { error in
            "\(error)".contains("must be one of \"viridis\", \"magma\", \"inferno\", \"plasma\", \"cividis\", \"berlin\"")
        }
    }

    @Test func nextColormapCyclesThroughAllAndWraps() throws {
        var state = try base()
        state.colormap = Reducer.colormapCycle[0]
        var seen: [Colormap] = [state.colormap]
        for _ in 1..<Reducer.colormapCycle.count {
            let before = state
            state = Reducer.reduce(state, .nextColormap)
            var expected = before
            expected.colormap = state.colormap
            #expect(state == expected)
            seen.append(state.colormap)
        }
        #expect(seen == Colormap.allCases)
        #expect(Set(seen).count == 6)
        // Wraps around to the first.
        #expect(Reducer.reduce(state, .nextColormap).colormap == .viridis)
    }

    @Test func nextColormapFromMagmaIsInferno() throws {
        let state = try base()
        #expect(state.colormap == .magma)
        var expected = state
        expected.colormap = .inferno
        #expect(Reducer.reduce(state, .nextColormap) == expected)
    }

    @Test func togglesFlipOneFlagEach() throws {
        let state = try base()
        let cases: [(Action, WritableKeyPath<AppState, Bool>)] = [
            (.toggleContours, \.showContours), (.toggleLabels, \.showLabels),
            (.toggleLegend, \.showLegend), (.toggleHUD, \.showHUD),
        ]
        for (action, key) in cases {
            var expected = state
            expected[keyPath: key].toggle()
            let once = Reducer.reduce(state, action)
            #expect(once == expected, "\(action)")
            #expect(Reducer.reduce(once, action) == state, "\(action) twice")
        }
    }

    @Test func focusNextAndPrevious() throws {
        var state = try base()
        var expected = state
        expected.focus = .index(4)
        #expect(Reducer.reduce(state, .focusNext) == expected)
        expected.focus = .index(2)
        #expect(Reducer.reduce(state, .focusPrevious) == expected)

        state.focus = nil
        expected = state
        expected.focus = .index(0)
        #expect(Reducer.reduce(state, .focusNext) == expected)
        #expect(Reducer.reduce(state, .focusPrevious) == expected)

        state.focus = .index(0)
        #expect(Reducer.reduce(state, .focusPrevious) == state)  // does not go below the first node

        // From a node, Tab counts places after it (the viewer resolves them against the frame).
        state.focus = .node("path/adam/end")
        expected.focus = FocusPosition(anchor: "path/adam/end", offset: 1)
        #expect(Reducer.reduce(state, .focusNext) == expected)
        expected.focus = FocusPosition(anchor: "path/adam/end", offset: -1)
        #expect(Reducer.reduce(state, .focusPrevious) == expected)
    }

    @Test func focusPutsFocusOnANodeOrAnIndex() throws {
        let state = try base()
        var expected = state
        expected.focus = .node("axis/x")
        #expect(Reducer.reduce(state, .focusNode("axis/x")) == expected)
        #expect(expected.focus == FocusPosition(anchor: "axis/x", offset: 0))
        expected.focus = .index(7)
        #expect(Reducer.reduce(state, .focus(7)) == expected)
        #expect(expected.focus == FocusPosition(anchor: nil, offset: 7))
    }

    @Test func selectSetsOrClearsTheSelection() throws {
        let state = try base()
        var expected = state
        expected.selection = "adam"
        #expect(Reducer.reduce(state, .select("adam")) == expected)
        expected.selection = nil
        #expect(Reducer.reduce(state, .select(nil)) == expected)
    }

    @Test func reduceIsPure() throws {
        let state = try base()
        for action in oneOfEveryAction {
            let copy = state
            let a = Reducer.reduce(state, action)
            let b = Reducer.reduce(state, action)
            #expect(a == b, "\(action)")
            #expect(state == copy)
        }
    }
}
