import OptaCore

/// A saved view put back, and the state to save: what `opta view` keeps between launches.
extension ViewerSession {
    /// The state the window shows now (the frame-locked session's in a recorded or replayed run).
    public var currentState: AppState { lockstep?.state ?? state }

    /// Opens the session with `snapshot`'s view (camera, colormap, toggles, focus, paused or
    /// running). Only a live session restores: a recorded or replayed one must start as its
    /// scenario opens, so that its trace replays to the same frames. Call before `run`; returns
    /// whether the snapshot was applied.
    @discardableResult
    public func restore(_ snapshot: ViewerSnapshot) -> Bool {
        guard lockstep == nil, frames == 0 else { return false }
        let running = snapshot.solversRunning
        var restored = snapshot.applied(to: state)
        restored.solversRunning = state.solversRunning
        state = restored
        // Through the reducer and the workers, as the Space key would.
        if !running { apply(.pauseSolvers, frame: 0) }
        return true
    }
}
