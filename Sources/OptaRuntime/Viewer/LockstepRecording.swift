import OptaCore

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
    /// The current generation's runs, by solver index.
    private var tapes: [Int: RecordingTape] = [:]

    init(recorder: any SolverStepRecorder, scenario: Scenario) {
        self.recorder = recorder
        specs = scenario.solvers
    }

    /// One iterate a solver reached.
    mutating func take(_ step: SessionStep) {
        if step.generation != generation { endAll(); generation = step.generation }
        guard specs.indices.contains(step.solver) else { return }
        let fresh = RecordingTape(recorder: recorder, spec: specs[step.solver])
        tapes[step.solver, default: fresh].add(step.iterate)
    }

    /// After a frame: hands over what the frame's steps reached; runs that stopped end.
    mutating func frameEnded(_ session: HeadlessSession) {
        if session.state.solverGeneration != generation { endAll(); generation = session.state.solverGeneration }
        for i in tapes.keys.sorted() {
            tapes[i]?.flush()
            if session.runs.indices.contains(i), session.runs[i].status != .running { tapes[i]?.end(session.runs[i]) }
        }
    }

    /// The session closed: every run still going ends where it stands.
    mutating func sessionEnded(_ session: HeadlessSession) {
        frameEnded(session)
        for i in tapes.keys.sorted() {
            let steps = session.runs.indices.contains(i) ? session.runs[i].stepCount : (tapes[i]?.lastStep ?? 0)
            tapes[i]?.end(status: .running, steps: steps)
        }
    }

    /// Ends the current generation's runs (a reset): each where its last iterate was.
    private mutating func endAll() {
        for i in tapes.keys.sorted() {
            let steps = tapes[i]?.lastStep ?? 0
            tapes[i]?.end(status: .running, steps: steps)
        }
        tapes = [:]
    }
}
