import Testing
@testable import OptaCore

@Suite("HeadlessSession")
struct HeadlessSessionTests {
    func session(stepsPerFrame: Int = 3) throws -> HeadlessSession {
        try HeadlessSession(scenario: try storeScenario("\"stepsPerFrame\": \(stepsPerFrame), " + twoSolvers))
    }

    func trace(_ lines: [(Int, Action)]) -> Trace {
        Trace(lines.map { Trace.Entry(frame: $0.0, action: $0.1) })
    }

    func stepCounts(_ s: HeadlessSession) -> [Int] { s.runs.map(\.stepCount) }

    @Test func aFreshSessionHasFreshRunsAndNoFrame() throws {
        let s = try session()
        #expect(s.frame == -1)
        #expect(s.state == AppState(scenario: s.state.scenario))
        #expect(s.runs.map(\.id) == ["gd", "adam"])
        #expect(s.runs.map(\.trajectory) == [[SIMD2(-1.5, 0.5)], [SIMD2(1.5, -0.5)]])
        #expect(stepCounts(s) == [0, 0])
        #expect(s.renderState.frame == 0)
    }

    @Test(arguments: [1, 3, 7])
    func stepsPerFrameIsHonoured(stepsPerFrame: Int) throws {
        var s = try session(stepsPerFrame: stepsPerFrame)
        for frame in 0..<4 {
            s.advanceFrame()
            #expect(s.frame == frame)
            #expect(stepCounts(s) == [stepsPerFrame * (frame + 1), stepsPerFrame * (frame + 1)])
        }
    }

    @Test func aSessionTakesTheSameStepsAsASolverRunAlone() throws {
        var s = try session(stepsPerFrame: 4)
        for _ in 0..<5 { s.advanceFrame() }
        var alone = try SolverRun(id: "gd", method: .gradientDescent, start: SIMD2(-1.5, 0.5),
                                  parameters: ["learningRate": 0.0001], rules: StopRules(maxSteps: 1000))
        alone.run(steps: 20, on: .builtin(.rosenbrock))
        #expect(s.runs[0] == alone)
    }

    @Test func actionsOfAFrameApplyBeforeItsSteps() throws {
        // Paused at frame 2: frames 0 and 1 step (3 each), frame 2 does not.
        var paused = try session()
        paused.replay(trace([(2, .pauseSolvers)]), through: 2)
        #expect(paused.frame == 2)
        #expect(stepCounts(paused) == [6, 6])
        #expect(!paused.state.solversRunning)

        // Paused at frame 0: no step at all.
        var atZero = try session()
        atZero.replay(trace([(0, .pauseSolvers)]), through: 4)
        #expect(stepCounts(atZero) == [0, 0])

        // Reset at frame 3: the runs start over, then take frame 3's steps.
        var reset = try session()
        reset.replay(trace([(3, .resetSolvers)]), through: 3)
        #expect(stepCounts(reset) == [3, 3])
        var fresh = try session()
        fresh.advanceFrame()
        #expect(reset.runs == fresh.runs)

        // Resumed at frame 4 after a pause at 1: frames 0 and 4 step.
        var resumed = try session()
        resumed.replay(trace([(1, .pauseSolvers), (4, .resumeSolvers)]), through: 4)
        #expect(stepCounts(resumed) == [6, 6])
    }

    @Test func actionsWithinAFrameApplyInRecordedOrder() throws {
        var pauseThenResume = try session()
        pauseThenResume.replay(trace([(1, .pauseSolvers), (1, .resumeSolvers)]), through: 1)
        #expect(stepCounts(pauseThenResume) == [6, 6])
        var resumeThenPause = try session()
        resumeThenPause.replay(trace([(1, .resumeSolvers), (1, .pauseSolvers)]), through: 1)
        #expect(stepCounts(resumeThenPause) == [3, 3])
    }

    @Test func pauseStopsSteps() throws {
        var s = try session()
        s.advanceFrame()
        s.apply(.pauseSolvers)
        let runs = s.runs
        for _ in 0..<5 { s.advanceFrame() }
        #expect(s.runs == runs)
        #expect(s.frame == 5)
        s.apply(.togglePause)
        s.advanceFrame()
        #expect(stepCounts(s) == [6, 6])
    }

    @Test func stepWhilePausedTakesOneStepPerRequestOnePerFrame() throws {
        let steps = trace([(0, .pauseSolvers), (1, .stepSolvers), (1, .stepSolvers), (1, .stepSolvers)])
        let expected = [0: 0, 1: 1, 2: 2, 3: 3, 4: 3, 7: 3]
        for (last, count) in expected {
            var s = try session(stepsPerFrame: 5)
            s.replay(steps, through: last)
            #expect(stepCounts(s) == [count, count], "through frame \(last)")
            #expect(s.state.pendingSteps == (last == 0 ? 0 : 3 - count), "through frame \(last)")
            #expect(!s.state.solversRunning)
        }
    }

    @Test func stepWhileRunningPausesAndTakesOneStep() throws {
        var s = try session(stepsPerFrame: 5)
        s.advanceFrame()
        s.apply(.stepSolvers)
        s.advanceFrame()
        #expect(stepCounts(s) == [6, 6])
        #expect(!s.state.solversRunning && s.state.pendingSteps == 0)
        s.advanceFrame()
        #expect(stepCounts(s) == [6, 6])
    }

    @Test func resetSolversRestartsRunsFromTheirStart() throws {
        var s = try session()
        for _ in 0..<4 { s.advanceFrame() }
        #expect(stepCounts(s) == [12, 12])
        s.apply(.resetSolvers)
        #expect(s.state.solverGeneration == 1)
        #expect(s.runs == (try HeadlessSession.makeRuns(s.state.scenario)))
        #expect(s.runs.map(\.trajectory) == [[SIMD2(-1.5, 0.5)], [SIMD2(1.5, -0.5)]])
        #expect(s.frame == 3)
        s.advanceFrame()
        var fresh = try session()
        fresh.advanceFrame()
        #expect(s.runs == fresh.runs)
        #expect(s.frame == 4)
    }

    @Test func resetSolversDropsPendingSingleSteps() throws {
        var s = try session()
        s.apply(.stepSolvers)
        s.apply(.stepSolvers)
        s.apply(.resetSolvers)
        for _ in 0..<3 { s.advanceFrame() }
        #expect(stepCounts(s) == [0, 0])
    }

    @Test func otherActionsDoNotRestartRuns() throws {
        var s = try session()
        s.advanceFrame()
        let runs = s.runs
        for action: Action in [.pan(SIMD2(0.1, 0.1)), .zoom(factor: 2, about: SIMD2(0.5, 0.5)), .resetCamera,
                               .nextColormap, .toggleContours, .toggleHUD, .focusNext, .select("gd")] {
            s.apply(action)
            #expect(s.runs == runs, "\(action)")
        }
    }

    @Test func pausedSessionSnapshotsSayPaused() throws {
        var s = try session()
        s.advanceFrame()
        #expect(s.renderState.solvers.map(\.paused) == [false, false])
        s.apply(.pauseSolvers)
        #expect(s.renderState.solvers.map(\.paused) == [true, true])
        // Paused is not a finished status: the runs are still going.
        #expect(s.renderState.solvers.map(\.status) == [.running, .running])
        s.apply(.resumeSolvers)
        #expect(s.renderState.solvers.map(\.paused) == [false, false])
        s.apply(.stepSolvers)
        #expect(s.renderState.solvers.map(\.paused) == [true, true])
    }

    static let busyTrace: [(Int, Action)] = [
        (0, .zoom(factor: 1.5, about: SIMD2(0.2, 0.3))), (2, .pan(SIMD2(0.1, -0.05))), (3, .pauseSolvers),
        (4, .stepSolvers), (4, .stepSolvers), (5, .nextColormap), (7, .resumeSolvers), (9, .resetSolvers),
        (9, .toggleContours), (11, .orbit(yaw: 10, pitch: 5)), (12, .togglePause), (12, .stepSolvers),
        (14, .togglePause), (15, .focusNext), (15, .select("cma")), (16, .toggleHUD),
    ]

    func stochasticScenario(seed: Int) throws -> Scenario {
        try storeScenario("""
            "stepsPerFrame": 2,
            "solvers": [
              {"id": "cma", "method": "cma-es", "start": [-1, 0.5], "steps": 500, "seed": \(seed)},
              {"id": "sa", "method": "simulated-annealing", "start": [1, -0.5], "steps": 500, "seed": \(seed + 1)},
              {"id": "adam", "method": "adam", "start": [0, 0], "steps": 500}
            ]
            """)
    }

    @Test func replayIsDeterministic() throws {
        let t = trace(Self.busyTrace)
        var a = try HeadlessSession(scenario: try stochasticScenario(seed: 7))
        var b = try HeadlessSession(scenario: try stochasticScenario(seed: 7))
        a.replay(t, through: 20)
        b.replay(t, through: 20)
        #expect(a.frame == 20)
        #expect(a.renderState == b.renderState)
        #expect(a.runs == b.runs)
        #expect(a.runs.allSatisfy { $0.stepCount > 0 })

        // A different seed gives a different picture, so the comparison above can fail.
        var c = try HeadlessSession(scenario: try stochasticScenario(seed: 8))
        c.replay(t, through: 20)
        #expect(c.renderState != a.renderState)
    }

    @Test func replayInPiecesEqualsReplayAtOnce() throws {
        let t = trace(Self.busyTrace)
        var whole = try HeadlessSession(scenario: try stochasticScenario(seed: 3))
        whole.replay(t, through: 18)
        var pieces = try HeadlessSession(scenario: try stochasticScenario(seed: 3))
        for last in [0, 3, 4, 9, 12, 18] { pieces.replay(t, through: last) }
        #expect(pieces.renderState == whole.renderState)
        #expect(pieces.runs == whole.runs)
    }

    @Test func replayEqualsApplyingAndAdvancingByHand() throws {
        var replayed = try HeadlessSession(scenario: try stochasticScenario(seed: 5))
        replayed.replay(trace(Self.busyTrace), through: 16)
        var byHand = try HeadlessSession(scenario: try stochasticScenario(seed: 5))
        for frame in 0...16 {
            for (f, action) in Self.busyTrace where f == frame { byHand.apply(action) }
            byHand.advanceFrame()
        }
        #expect(replayed.renderState == byHand.renderState)
        #expect(replayed.state.colormap == .inferno && !replayed.state.showContours && replayed.state.showHUD)
        #expect(replayed.state.selection == "cma" && replayed.state.focus == .index(0))
    }

    @Test func replayPastTheLastEntryKeepsAdvancing() throws {
        var s = try session()
        s.replay(trace([(1, .toggleHUD)]), through: 9)
        #expect(s.frame == 9)
        #expect(stepCounts(s) == [30, 30])
        #expect(s.state.showHUD)
    }

    @Test func runToCompletionReachesBudgetsOrConvergence() throws {
        let scenario = try storeScenario("""
            "stepsPerFrame": 5,
            "solvers": [
              {"id": "slow", "method": "gradient-descent", "start": [1, 1], "steps": 30, "params": {"learningRate": 0.01}},
              {"id": "exact", "method": "gradient-descent", "start": [1, -1], "steps": 30, "params": {"learningRate": 0.5}},
              {"id": "adam", "method": "adam", "start": [0.5, 0.5], "steps": 17}
            ]
            """, landscape: #"{"expression": "x^2 + y^2", "domain": {"x": [-2, 2], "y": [-2, 2]}}"#)
        var s = try HeadlessSession(scenario: scenario)
        s.advanceFrame()
        s.advanceFrame()
        #expect(stepCounts(s) == [10, 1, 10])
        s.runToCompletion()
        #expect(stepCounts(s) == [30, 1, 17])
        #expect(s.runs.map(\.status) == [.stopped, .converged, .stopped])
        #expect(s.runs[1].point == SIMD2(0, 0))
        #expect(s.renderState.solvers.map(\.step) == [30, 1, 17])
        // Finished runs take no more steps.
        s.advanceFrame()
        #expect(stepCounts(s) == [30, 1, 17])
    }

    @Test func runToCompletionFromAFreshSession() throws {
        var s = try session()
        s.runToCompletion()
        #expect(stepCounts(s) == [1000, 1000])
        #expect(s.runs.allSatisfy { $0.status == .stopped })
    }

    @Test func aSessionWithoutSolversStillCountsFrames() throws {
        var s = try HeadlessSession(scenario: try storeScenario())
        s.replay(trace([(1, .nextColormap)]), through: 3)
        #expect(s.frame == 3 && s.runs.isEmpty && s.renderState.solvers.isEmpty)
        #expect(s.renderState.scenario.paths.isEmpty)
        #expect(s.state.colormap == .inferno)
    }
}
