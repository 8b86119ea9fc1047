import Foundation
import OptaCore
import OptaSupport

/// A solver run being recorded: iterates gathered on the thread that steps the solver (a
/// worker's, or the render thread for frame-locked solvers) and handed over in chunks; the run
/// begins with its first hand-over (a solver that never steps records nothing) and ends once.
struct RecordingTape {
    let recorder: any SolverStepRecorder
    let spec: SolverSpec
    private var recording: (any SolverRunRecording)?
    private var pending: [SolverIterate] = []
    private var lastHandOver = ContinuousClock.now
    private let started = ContinuousClock.now
    private var ended = false
    /// The step of the latest iterate added (0 before any).
    private(set) var lastStep = 0
    /// The most steps handed to the recorder at once.
    static let chunk = 4096

    init(recorder: any SolverStepRecorder, spec: SolverSpec) {
        self.recorder = recorder
        self.spec = spec
    }

    mutating func add(_ iterate: SolverIterate) {
        pending.append(iterate)
        lastStep = iterate.step
    }

    /// Hands over what has gathered once there is a chunk's worth or 100 ms have passed.
    mutating func flushIfDue(_ now: ContinuousClock.Instant) {
        if pending.count >= Self.chunk || (!pending.isEmpty && now - lastHandOver >= .milliseconds(100)) {
            flush()
            lastHandOver = now
        }
    }

    mutating func flush() {
        guard !pending.isEmpty, !ended else { return }
        if recording == nil { recording = recorder.begin(spec) }
        recording?.record(pending)
        pending.removeAll(keepingCapacity: true)
    }

    /// Hands over the rest and ends the run where `run` stands (once).
    mutating func end(_ run: SolverRun) { end(status: run.status, steps: run.stepCount) }

    /// Hands over the rest and ends the run with `status` after `steps` steps (once).
    mutating func end(status: SolverStatus, steps: Int) {
        guard !ended else { return }
        flush()
        ended = true
        recording?.end(status: status, steps: steps, wallTime: (ContinuousClock.now - started).seconds)
    }
}
