import OptaCore
import OptaRuntime
import Testing

let rosenbrock = Objective.builtin(.rosenbrock)

/// Live solvers on a `ManualFrameClock`: time moves only when a test moves it, and
/// `waitUntilParked` says when a worker has done all it will do until then, so every count below
/// is exact and no test sleeps.
@Suite struct SolverWorkerTests {
    /// `spec` run to its end without a worker.
    static func headless(_ spec: SolverSpec, on objective: Objective = rosenbrock) throws -> SolverRun {
        var run = try SolverRun(id: spec.id, method: spec.method, start: spec.start, parameters: spec.parameters,
                                seed: spec.seed, rules: StopRules(maxSteps: spec.steps))
        run.run(steps: spec.steps, on: objective)
        return run
    }

    @Test func fourSolversFlatOutWhileAnotherThreadReadsSnapshots() throws {
        let clock = ManualFrameClock()
        let methods: [SolverMethod] = [.adam, .gradientDescent, .momentum, .nelderMead]
        let specs = methods.enumerated().map { i, method in
            SolverSpec(id: "s\(i)", method: method, start: SIMD2(-1.5, 2), steps: 20_000,
                       parameters: method == .nelderMead ? [:] : ["learningRate": 1e-4])
        }
        let workers = try specs.map { try SolverWorker(spec: $0, objective: rosenbrock, clock: clock) }
        workers.forEach { $0.start() }
        var lastSteps = [Int](repeating: 0, count: workers.count)
        for read in 0..<10_000 {
            // Flat-out workers publish once per millisecond of clock time.
            if read % 16 == 0 { clock.advance(by: .milliseconds(1)) }
            let i = read % workers.count
            let s = workers[i].snapshot
            #expect(s.step >= lastSteps[i], "steps never go back")
            #expect(s.trajectory.count <= s.step + 1, "a snapshot is internally consistent")
            #expect(s.trajectory.last == s.point || s.status != .running)
            lastSteps[i] = s.step
        }
        #expect(clock.waitUntilParked(workers.count), "every run ends and its worker idles")
        for (worker, spec) in zip(workers, specs) {
            let run = try Self.headless(spec)
            #expect(worker.snapshot.trajectory == run.trajectory)
            #expect(worker.snapshot.status == run.status)
            #expect(worker.stepsTaken == run.stepCount)
            #expect(worker.cancel())
        }
    }

    @Test func aPausedWorkerTakesSingleStepsThenRunsToItsEnd() throws {
        let clock = ManualFrameClock()
        let spec = SolverSpec(id: "a", method: .simulatedAnnealing, start: SIMD2(1, 1), steps: 500, seed: 7)
        let worker = try SolverWorker(spec: spec, objective: .builtin(.himmelblau), paused: true, clock: clock)
        worker.start()
        #expect(clock.waitUntilParked())
        #expect(worker.snapshot.step == 0 && worker.snapshot.paused)
        for expected in 1...3 {
            worker.step()
            #expect(clock.waitUntilParked())
            #expect(worker.snapshot.step == expected)
        }
        clock.advance(by: .seconds(10))
        #expect(clock.waitUntilParked())
        #expect(worker.snapshot.step == 3, "time alone does not move a paused solver")
        worker.resume()
        #expect(clock.waitUntilParked())
        let run = try Self.headless(spec, on: .builtin(.himmelblau))
        #expect(!worker.snapshot.paused)
        #expect(worker.snapshot.trajectory == run.trajectory, "the same steps as a run without a worker")
        #expect(worker.snapshot.status == run.status)
        #expect(worker.cancel())
    }

    @Test func pacedRunsStepOnAbsoluteDeadlines() throws {
        let clock = ManualFrameClock()
        let worker = try SolverWorker(spec: SolverSpec(id: "a", method: .adam, start: SIMD2(-1.5, 2), steps: 1_000_000),
                                      objective: rosenbrock, stepsPerSecond: 200, clock: clock)
        worker.start()
        #expect(clock.waitUntilParked())
        #expect(worker.snapshot.step == 1, "the first step is due at once")
        for k in 1...20 {
            clock.advance(by: .milliseconds(5))
            #expect(clock.waitUntilParked())
            #expect(worker.snapshot.step == 1 + k)
        }
        clock.advance(by: .milliseconds(3))
        #expect(clock.waitUntilParked())
        #expect(worker.snapshot.step == 21, "not due before its deadline")
        clock.advance(by: .milliseconds(2))
        #expect(clock.waitUntilParked())
        #expect(worker.snapshot.step == 22)
        // 50 ms late (less than the pacer's slack): the ten steps owed are taken at once.
        clock.advance(by: .milliseconds(50))
        #expect(clock.waitUntilParked())
        #expect(worker.snapshot.step == 32)
        // Far behind: no burst, the deadlines start afresh.
        clock.advance(by: .milliseconds(500))
        #expect(clock.waitUntilParked())
        #expect(worker.snapshot.step == 33)
        #expect(worker.cancel())
    }

    @Test func pauseTakesEffectBeforeTheNextStepAndResumeDoesNotBurst() throws {
        let clock = ManualFrameClock()
        let worker = try SolverWorker(spec: SolverSpec(id: "a", method: .adam, start: SIMD2(-1.5, 2), steps: 1_000_000),
                                      objective: rosenbrock, stepsPerSecond: 1000, clock: clock)
        worker.start()
        #expect(clock.waitUntilParked())
        worker.pause()
        #expect(clock.waitUntilParked())
        #expect(worker.snapshot.paused && worker.snapshot.step == 1)
        clock.advance(by: .seconds(1))
        #expect(clock.waitUntilParked())
        #expect(worker.snapshot.step == 1, "no steps while paused")
        worker.resume()
        #expect(clock.waitUntilParked())
        #expect(!worker.snapshot.paused && worker.snapshot.step == 2, "one step on resuming, not a second's worth")
        #expect(worker.cancel())
    }

    @Test func resetGoesBackToTheStart() throws {
        let clock = ManualFrameClock()
        let worker = try SolverWorker(spec: SolverSpec(id: "a", method: .adam, start: SIMD2(-1.5, 2), steps: 1_000_000),
                                      objective: rosenbrock, paused: true, clock: clock)
        worker.start()
        for _ in 0..<5 { worker.step() }
        #expect(clock.waitUntilParked())
        #expect(worker.snapshot.step == 5 && worker.snapshot.point != SIMD2(-1.5, 2))
        worker.reset()
        #expect(clock.waitUntilParked())
        #expect(worker.snapshot.step == 0 && worker.snapshot.paused)
        #expect(worker.snapshot.point == SIMD2(-1.5, 2))
        #expect(worker.stepsTaken == 5, "steps taken count over resets")
        #expect(worker.cancel())
    }

    @Test func cancelStopsAFlatOutRunAndPublishesWhereItStopped() throws {
        let worker = try SolverWorker(spec: SolverSpec(id: "a", method: .cmaes, start: SIMD2(3, 3), steps: 10_000_000),
                                      objective: .builtin(.rastrigin), clock: ManualFrameClock())
        worker.start()
        #expect(worker.cancel(timeout: .seconds(10)))
        #expect(worker.snapshot.step == worker.stepsTaken)
    }
}
