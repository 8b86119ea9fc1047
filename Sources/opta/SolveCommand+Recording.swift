import Foundation
import OptaCore
import OptaStore

/// `opta solve` with every run recorded: solvers take steps in chunks, and after each chunk the
/// new iterates go to the store's background writer (a copy, never a wait on SQLite).
enum RecordedSolve {
    /// Steps taken between hand-overs to the writer.
    static let chunk = 4096

    /// Runs solver i `steps[i]` steps (raising its budget by as many when `extendingBudgets`),
    /// recording when `recorder` is given.
    static func run(_ runs: inout [SolverRun], steps: [Int], extendingBudgets: Bool, scenario: Scenario,
                    identity: ScenarioIdentity, label: String?, recorder: RunRecorder?) {
        let objective = scenario.landscape.objective
        let specs = Dictionary(uniqueKeysWithValues: scenario.solvers.map { ($0.id, $0) })
        let clock = ContinuousClock()
        for i in runs.indices {
            if extendingBudgets { runs[i].extendBudget(by: steps[i]) }
            var remaining = steps[i]
            let started = clock.now
            let spec = specs[runs[i].id] ?? SolverSpec(id: runs[i].id, method: runs[i].method, start: runs[i].trajectory[0])
            let handle = recorder?.begin(RunInfo(source: "solve", identity: identity, scenario: scenario, spec: spec, label: label))
            var recorded = 0
            func handOver(all: Bool) {
                guard let recorder, let handle else { return }
                let run = runs[i]
                let end = all ? run.trajectory.count : min(run.values.count, run.trajectory.count)
                guard end > recorded else { return }
                recorder.append(handle, IterateChunk.pack(trajectory: run.trajectory, values: run.values,
                                                          gradientNorms: run.gradientNorms, from: recorded, to: end))
                recorded = end
            }
            while remaining > 0 && runs[i].status == .running {
                let n = min(chunk, remaining)
                runs[i].run(steps: n, on: objective)
                remaining -= n
                handOver(all: false)
            }
            handOver(all: true)
            if let recorder, let handle {
                let wall = clock.now - started
                recorder.finish(handle, RunEnd(status: runs[i].status, steps: runs[i].stepCount,
                                               wallTime: Double(wall.components.seconds) + Double(wall.components.attoseconds) * 1e-18))
            }
        }
    }
}
