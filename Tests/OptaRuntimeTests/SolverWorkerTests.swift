import Dispatch
import Foundation
import OptaCore
import OptaRuntime
import Testing

/// Waits (polling) until `condition` holds or `seconds` pass; returns whether it held.
func eventually(_ seconds: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(1_000)
    }
    return condition()
}

let rosenbrock = Objective.builtin(.rosenbrock)

@Suite(.serialized) struct SolverWorkerTests {
    @Test func fourSolversFlatOutWhileAnotherThreadReadsSnapshots() throws {
        let methods: [SolverMethod] = [.adam, .gradientDescent, .momentum, .nelderMead]
        let workers = try methods.enumerated().map { i, method in
            try SolverWorker(spec: SolverSpec(id: "s\(i)", method: method, start: SIMD2(-1.5, 2), steps: 50_000,
                                              parameters: method == .nelderMead ? [:] : ["learningRate": 1e-4]),
                             objective: rosenbrock)
        }
        workers.forEach { $0.start() }
        var lastSteps = [Int](repeating: 0, count: workers.count)
        for read in 0..<10_000 {
            let i = read % workers.count
            let s = workers[i].snapshot
            #expect(s.step >= lastSteps[i], "steps never go back")
            #expect(s.trajectory.count <= s.step + 1, "a snapshot is internally consistent")
            #expect(s.trajectory.last == s.point || s.status != .running)
            lastSteps[i] = s.step
        }
        for worker in workers { #expect(worker.cancel()) }
        #expect(workers.map(\.stepsTaken).reduce(0, +) > 0)
    }

    @Test func pauseStopsAndSingleStepsAdvanceByOne() throws {
        let worker = try SolverWorker(spec: SolverSpec(id: "a", method: .adam, start: SIMD2(-1.5, 2), steps: 1_000_000),
                                      objective: rosenbrock, paused: true)
        worker.start()
        usleep(30_000)
        #expect(worker.snapshot.step == 0 && worker.snapshot.paused)
        for expected in 1...3 {
            worker.step()
            #expect(eventually { worker.snapshot.step == expected })
        }
        usleep(30_000)
        #expect(worker.snapshot.step == 3)
        worker.resume()
        #expect(eventually { worker.snapshot.step > 100 })
        worker.pause()
        #expect(eventually { worker.snapshot.paused })
        let held = worker.snapshot.step
        usleep(50_000)
        #expect(worker.snapshot.step == held)
        #expect(worker.cancel())
    }

    @Test func resetGoesBackToTheStart() throws {
        let worker = try SolverWorker(spec: SolverSpec(id: "a", method: .adam, start: SIMD2(-1.5, 2), steps: 1_000_000),
                                      objective: rosenbrock)
        worker.start()
        #expect(eventually { worker.snapshot.step > 50 })
        worker.pause()
        worker.reset()
        #expect(eventually { worker.snapshot.step == 0 })
        #expect(worker.snapshot.point == SIMD2(-1.5, 2))
        #expect(worker.cancel())
    }

    @Test func cancelIsSeenWithinAStep() throws {
        let worker = try SolverWorker(spec: SolverSpec(id: "a", method: .cmaes, start: SIMD2(3, 3), steps: 10_000_000),
                                      objective: .builtin(.rastrigin))
        worker.start()
        #expect(eventually { worker.snapshot.step > 0 })
        let start = Date()
        #expect(worker.cancel(timeout: .seconds(2)))
        #expect(Date().timeIntervalSince(start) < 0.5)
    }

    @Test func throttledRunsKeepTheirRate() throws {
        let worker = try SolverWorker(spec: SolverSpec(id: "a", method: .adam, start: SIMD2(-1.5, 2), steps: 1_000_000),
                                      objective: rosenbrock, stepsPerSecond: 200)
        worker.start()
        usleep(500_000)
        let steps = worker.snapshot.step
        #expect(worker.cancel())
        #expect(steps >= 50 && steps <= 130, "about 100 steps in half a second at 200 steps/s, got \(steps)")
    }

    @Test func aWorkerRunsTheSameStepsAsAHeadlessRun() throws {
        let spec = SolverSpec(id: "a", method: .simulatedAnnealing, start: SIMD2(1, 1), steps: 500, seed: 7)
        let worker = try SolverWorker(spec: spec, objective: .builtin(.himmelblau))
        worker.start()
        #expect(eventually { worker.snapshot.status != .running })
        var run = try SolverRun(id: "a", method: spec.method, start: spec.start, seed: 7, rules: StopRules(maxSteps: 500))
        run.run(steps: 500, on: .builtin(.himmelblau))
        #expect(worker.snapshot.trajectory == run.trajectory)
        #expect(worker.snapshot.status == run.status)
        #expect(worker.cancel())
    }
}
