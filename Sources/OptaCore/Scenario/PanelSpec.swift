/// One view of a scenario placed beside others in the same frame (`"panels"`): e.g. the landscape
/// on the left and the solvers' convergence chart on the right. Panels sit side by side, left to
/// right, sharing the frame's width in proportion to their weights; all show the same solvers.
public struct PanelSpec: Sendable, Equatable {
    /// What a panel shows.
    public enum Kind: String, Sendable, CaseIterable {
        /// The 2D landscape with contours and solver paths.
        case landscape
        /// f against step for every solver, on a log axis, with the best value marked.
        case convergence
    }

    public var kind: Kind
    /// Share of the frame's width, relative to the other panels' weights.
    public var weight: Double
    /// Title above the panel; nil takes the kind's default (the scenario title, "Convergence").
    public var title: String?
    /// A landscape panel's own fixed view; nil follows the session's camera (pan and zoom).
    public var camera: Camera2D?
    /// A convergence panel also draws ‖∇f‖ for every solver.
    public var gradientNorm: Bool

    public init(kind: Kind, weight: Double = 1, title: String? = nil, camera: Camera2D? = nil, gradientNorm: Bool = false) {
        self.kind = kind
        self.weight = weight
        self.title = title
        self.camera = camera
        self.gradientNorm = gradientNorm
    }
}
