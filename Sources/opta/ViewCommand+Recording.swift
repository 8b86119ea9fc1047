import Foundation
import OptaCore
import OptaRuntime
import OptaStore

/// `opta view`'s solvers recorded as runs (source `view`), as `opta solve` records them: each
/// live solver's thread hands its iterates to the store's background writer (a copy, never a wait
/// on SQLite unless the writer's bounded queue is full); frame-locked solvers (`--record`,
/// `--replay`) hand theirs over after each frame. A reset in the viewer ends the run (status
/// `running`, "ended by the user") and starts a new one.
struct ViewerSolverRecorder: SolverStepRecorder {
    let recorder: RunRecorder
    let identity: ScenarioIdentity
    let scenario: Scenario

    func begin(_ spec: SolverSpec) -> any SolverRunRecording {
        Run(recorder: recorder, handle: recorder.begin(RunInfo(source: "view", identity: identity, scenario: scenario, spec: spec)))
    }

    /// One solver run on its way to the store.
    struct Run: SolverRunRecording {
        let recorder: RunRecorder
        let handle: RunRecorder.Handle

        func record(_ iterates: [SolverIterate]) { recorder.append(handle, iterates) }

        func end(status: SolverStatus, steps: Int, wallTime: Double) {
            recorder.finish(handle, RunEnd(status: status, steps: steps, wallTime: wallTime))
        }
    }
}
