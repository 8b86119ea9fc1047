import Foundation
import OptaCore
import OptaStore
import OptaSupport

/// `opta solve` with every run recorded: solvers take steps in chunks, and after each chunk the
/// iterates they produced go to the store's background writer (a copy, never a wait on SQLite).
/// The store gets every iterate as the solver reaches it, not the solver's bounded trajectory.
enum RecordedSolve {
    /// Steps taken between hand-overs to the writer (and progress updates).
    static let chunk = 4096

    /// Runs solver i `steps[i]` steps (raising its budget by as many when `extendingBudgets`),
    /// recording when `recorder` is given; `progress` hears the steps done of all solvers together
    /// (a solver that ends early counts its remaining steps as done).
    static func run(_ runs: inout [SolverRun], steps: [Int], extendingBudgets: Bool, scenario: Scenario,
                    identity: ScenarioIdentity, label: String?, recorder: RunRecorder?,
                    progress: ((_ done: Int) -> Void)? = nil) {
        let objective = scenario.landscape.objective
        let specs = Dictionary(uniqueKeysWithValues: scenario.solvers.map { ($0.id, $0) })
        let clock = ContinuousClock()
        var done = 0
        for i in runs.indices {
            if extendingBudgets { runs[i].extendBudget(by: steps[i]) }
            var remaining = steps[i]
            let started = clock.now
            let spec = specs[runs[i].id] ?? SolverSpec(id: runs[i].id, method: runs[i].method, start: runs[i].trajectory[0])
            let handle = recorder?.begin(RunInfo(source: "solve", identity: identity, scenario: scenario, spec: spec, label: label))
            // A resumed run's history first: the points its checkpoint kept.
            if let recorder, let handle, !runs[i].path.lacksValues { recorder.append(handle, SolverIterate.kept(in: runs[i].path)) }
            var log = IterateLog()
            while remaining > 0 && runs[i].status == .running {
                let n = min(chunk, remaining)
                // The solver logs into a log of its own (the quickest way to step it) and hands
                // it over, taking back one the writer has committed; unrecorded, it is emptied.
                runs[i].run(steps: n, on: objective, loggingTo: &log)
                if let recorder, let handle { recorder.append(handle, handingOver: &log) } else { log.removeAll() }
                remaining -= n
                done += n
                progress?(done)
            }
            done += remaining
            progress?(done)
            if let recorder, let handle {
                // A run that took no step still records its start (f not evaluated).
                if runs[i].path.lacksValues { recorder.append(handle, SolverIterate.kept(in: runs[i].path)) }
                recorder.finish(handle, RunEnd(status: runs[i].status, steps: runs[i].stepCount,
                                               wallTime: (clock.now - started).seconds))
            }
        }
    }
}
