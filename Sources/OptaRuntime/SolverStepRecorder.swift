import OptaCore

/// Where a viewer's solvers hand every step they take to be kept (`opta view` records them in
/// the run store). Called on each solver's own thread, never the render thread; a call may wait
/// while the keeper catches up, which slows that solver only.
public protocol SolverStepRecorder: Sendable {
    /// A run of `spec` starts: when the worker starts, and again after each reset.
    func begin(_ spec: SolverSpec) -> any SolverRunRecording
}

/// One run being kept, fed by its solver's thread.
public protocol SolverRunRecording: Sendable {
    /// The run's next iterates, in step order.
    func record(_ iterates: [SolverIterate])
    /// The run ended with `status` (`running`: the viewer closed or reset it) after `steps` steps
    /// and `wallTime` seconds. Nothing is recorded after this.
    func end(status: SolverStatus, steps: Int, wallTime: Double)
}
