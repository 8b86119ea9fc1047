/// Everything a user can do, as data: the window's gestures and keys become actions, traces record
/// them, and one pure reducer applies them to the `AppState`.
public enum Action: Sendable, Equatable {
    // Camera.
    /// Rotate a 3D view (degrees); in 2D views it pans, as a drag does.
    case orbit(yaw: Double, pitch: Double)
    /// Move the view by a fraction of its size (x right, y up).
    case pan(SIMD2<Double>)
    /// Zoom by `factor` about a point given as fractions of the view ((0, 0) bottom-left).
    case zoom(factor: Double, about: SIMD2<Double>)
    case resetCamera
    // Solvers (all of them at once).
    case startSolvers
    case pauseSolvers
    case resumeSolvers
    case togglePause
    case stepSolvers
    case resetSolvers
    // View.
    case setColormap(Colormap)
    case nextColormap
    case toggleContours
    case toggleLabels
    case toggleLegend
    case toggleHUD
    // Accessibility focus and selection.
    case focusNext
    case focusPrevious
    /// Focus the item at this index of the focus order (traces made before focus had node ids).
    case focus(Int)
    /// Focus the accessibility node with this id (Tab and the jump keys, resolved against the frame).
    case focusNode(String)
    case select(String?)
    // A followed log (`opta view --follow`): a batch of points as they arrived, and the start over
    // when the log was truncated or replaced.
    /// Append each point to the followed path of its name, in order; a new name starts a new path.
    case appendFollowedPoints([PathPoint])
    /// Forget every followed path (the log is read again from its start).
    case resetFollowedPaths
}
