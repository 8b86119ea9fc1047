import Foundation
import OptaCore
import OptaSupport

/// A frame-locked viewer session's solvers (`opta view --record` or `--replay`) kept like live
/// ones: the iterates each frame's steps reach go to the recorder after that frame, a run ends
/// with its status when it stops, a reset ends the runs (status `running`) and the next steps
/// begin new ones, and the session's end ends the rest. Runs on the render thread, which is where
/// frame-locked solvers step; a hand-over is a copy, and waits only when the store's writer is
/// far behind.
struct LockstepRecording {
    private let recorder: any SolverStepRecorder
    private let specs: [SolverSpec]
    private var generation = 0
    private var runs: [Int: Run] = [:]

    private struct Run {
        let recording: any SolverRunRecording
        let started = ContinuousClock.now
        var pending: [SolverIterate] = []
        var lastStep = 0
        var ended = false
    }

    init(recorder: any SolverStepRecorder, scenario: Scenario) {
        self.recorder = recorder
        specs = scenario.solvers
    }

    /// One iterate a solver reached.
    mutating func take(_ step: SessionStep) {
        if step.generation != generation { endAll(); generation = step.generation }
        guard specs.indices.contains(step.solver) else { return }
        if runs[step.solver] == nil { runs[step.solver] = Run(recording: recorder.begin(specs[step.solver])) }
        guard runs[step.solver]?.ended == false else { return }
        runs[step.solver]?.pending.append(step.iterate)
        runs[step.solver]?.lastStep = step.iterate.step
    }

    /// After a frame: hands over what the frame's steps reached; runs that stopped end.
    mutating func frameEnded(_ session: HeadlessSession) {
        if session.state.solverGeneration != generation { endAll(); generation = session.state.solverGeneration }
        for i in runs.keys.sorted() {
            guard var run = runs[i], !run.ended else { continue }
            Self.handOver(&run)
            if session.runs.indices.contains(i), session.runs[i].status != .running {
                Self.end(&run, status: session.runs[i].status, steps: session.runs[i].stepCount)
            }
            runs[i] = run
        }
    }

    /// The session closed: every run still going ends where it stands.
    mutating func sessionEnded(_ session: HeadlessSession) {
        frameEnded(session)
        for i in runs.keys.sorted() {
            guard var run = runs[i], !run.ended else { continue }
            let steps = session.runs.indices.contains(i) ? session.runs[i].stepCount : run.lastStep
            Self.end(&run, status: .running, steps: steps)
            runs[i] = run
        }
    }

    /// Ends the current generation's runs (a reset): each where its last iterate was.
    private mutating func endAll() {
        for i in runs.keys.sorted() {
            guard var run = runs[i], !run.ended else { continue }
            Self.handOver(&run)
            Self.end(&run, status: .running, steps: run.lastStep)
        }
        runs = [:]
    }

    private static func handOver(_ run: inout Run) {
        guard !run.pending.isEmpty else { return }
        run.recording.record(run.pending)
        run.pending.removeAll(keepingCapacity: true)
    }

    private static func end(_ run: inout Run, status: SolverStatus, steps: Int) {
        handOver(&run)
        run.ended = true
        run.recording.end(status: status, steps: steps, wallTime: (ContinuousClock.now - run.started).seconds)
    }
}
