import Benchmark
import Foundation
import OptaCore
import OptaStore

/// The run store's performance targets (issue 24, docs/runs.md), each on a store made in a
/// temporary folder: inserting 1,000,000 iterates (≤ 2 s), listing 10,000 runs, reading the 50
/// runs of 10,000 iterates a scenario overlays, and a solver at full speed recorded and not (the
/// solver's thread slowed by at most 2 %). `Benchmarks/store-bench.sh` measures the same through
/// the command line, and the overlay's frame time.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .peakMemoryResident], warmupIterations: 1,
                                           maxDuration: .seconds(20), maxIterations: 10)

    // One million iterates, handed over in the stretches `opta solve` uses.
    let count = 1_000_000, stretch = 4096
    let iterates = sampleIterates(count)

    Benchmark("Store: insert 1,000,000 iterates") { benchmark in
        let folder = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            let store = try RunStore(path: folder + "/runs.sqlite")
            benchmark.startMeasurement()
            let recorder = RunRecorder(store: store)
            let run = recorder.begin(info(0))
            for from in stride(from: 0, to: count, by: stretch) {
                recorder.append(run, Array(iterates[from..<min(count, from + stretch)]))
            }
            recorder.finish(run, RunEnd(status: "stopped", stopReason: nil, wallTime: 0))
            recorder.close()
            benchmark.stopMeasurement()
        } catch {
            benchmark.error("\(error)")
        }
    }

    // Stores filled once and read by every iteration, removed when the benchmark is done.
    let listed = temporaryPath(), overlaid = temporaryPath()
    Benchmark("Store: list 10,000 runs", configuration: .init(maxIterations: 50), closure: { benchmark in
        do {
            let store = try filledStore(listed, runs: 10_000, iterates: 10)
            benchmark.startMeasurement()
            blackHole(try store.list())
            benchmark.stopMeasurement()
        } catch {
            benchmark.error("\(error)")
        }
    }, teardown: { try? FileManager.default.removeItem(atPath: listed) })

    Benchmark("Store: read 50 runs of 10,000 iterates", closure: { benchmark in
        do {
            let store = try filledStore(overlaid, runs: 50, iterates: 10_000)
            benchmark.startMeasurement()
            for id in 1...50 { blackHole(try store.run(Int64(id))) }
            benchmark.stopMeasurement()
        } catch {
            benchmark.error("\(error)")
        }
    }, teardown: { try? FileManager.default.removeItem(atPath: overlaid) })

    // A solver at full speed on Rosenbrock, 1,000,000 steps, recorded as `opta solve` records it
    // (4,096 steps at a time logged and handed to the writer) and not recorded: simulated
    // annealing, whose reported point (the best so far) mostly stays put, and gradient descent,
    // whose every iterate is new. The wall time includes the writer's last commit; "solver
    // thread CPU" is what the stepping thread itself spends, the writer's work being on a thread
    // of its own.
    let solverCPU = BenchmarkMetric.custom("solver thread CPU (us)")
    let solvers: [(name: String, method: SolverMethod, parameters: [String: Double])] = [
        ("solver steps", .simulatedAnnealing, [:]),
        ("gradient-descent steps (every iterate new)", .gradientDescent, ["learningRate": 0.00001]),
    ]
    for solver in solvers {
        for recorded in [false, true] {
            Benchmark("Store: 1,000,000 \(solver.name), \(recorded ? "recorded" : "not recorded")",
                      configuration: .init(metrics: [.wallClock, .cpuTotal, solverCPU])) { benchmark in
                let folder = temporaryPath()
                defer { try? FileManager.default.removeItem(atPath: folder) }
                do {
                    let store = try RunStore(path: folder + "/runs.sqlite")
                    let objective = Objective.builtin(.rosenbrock)
                    var run = try SolverRun(method: solver.method, start: SIMD2(-1.5, 2.5), parameters: solver.parameters,
                                            rules: StopRules(maxSteps: count))
                    benchmark.startMeasurement()
                    let started = threadCPUMicroseconds()
                    if recorded {
                        let recorder = RunRecorder(store: store)
                        let handle = recorder.begin(info(0))
                        var log = IterateLog()
                        while run.status == .running {
                            run.run(steps: stretch, on: objective, loggingTo: &log)
                            recorder.append(handle, handingOver: &log)
                        }
                        recorder.finish(handle, RunEnd(status: "stopped", stopReason: nil, wallTime: 0))
                        recorder.close()
                    } else {
                        while run.status == .running { run.run(steps: stretch, on: objective) }
                    }
                    benchmark.stopMeasurement()
                    benchmark.measurement(solverCPU, threadCPUMicroseconds() - started)
                } catch {
                    benchmark.error("\(error)")
                }
            }
        }
    }
}

/// CPU time of the calling thread so far, in microseconds.
func threadCPUMicroseconds() -> Int {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return t.tv_sec * 1_000_000 + t.tv_nsec / 1000
}

/// A folder path of its own in the temporary directory, not yet made (the store makes it when
/// opened, so a benchmark that never runs leaves nothing behind).
func temporaryPath() -> String {
    NSTemporaryDirectory() + "opta-store-bench-\(UUID().uuidString)"
}

/// `count` iterates along a line, f falling as 1/(step + 1).
func sampleIterates(_ count: Int) -> [SolverIterate] {
    (0..<count).map { (i: Int) -> SolverIterate in
        let t = Double(i)
        return SolverIterate(step: i, x: t * 1e-6, y: 1 - t * 1e-6, value: 1 / (t + 1), gradientNorm: 2 / (t + 1))
    }
}

func info(_ index: Int) -> RunInfo {
    RunInfo(source: "solve", scenarioJSON: "{\"version\":1}", scenarioHash: "bench", landscape: "function:rosenbrock",
            name: "run \(index)", method: index.isMultiple(of: 2) ? "adam" : "gradient-descent",
            parameters: ["learningRate": 0.01], seed: UInt64(index), start: SIMD2(-1.5, 2.5), optaVersion: OptaVersion.current)
}

/// The store in `folder`, filled with `runs` runs of `iterates` iterates the first time.
func filledStore(_ folder: String, runs: Int, iterates: Int) throws -> RunStore {
    let store = try RunStore(path: folder + "/runs.sqlite")
    guard try store.list(RunFilter(limit: 1)).isEmpty else { return store }
    let steps = sampleIterates(iterates)
    let recorder = RunRecorder(store: store)
    for index in 0..<runs {
        let run = recorder.begin(info(index))
        recorder.append(run, steps)
        recorder.finish(run, RunEnd(status: "converged", stopReason: nil, wallTime: 0.1))
    }
    recorder.close()
    return store
}
