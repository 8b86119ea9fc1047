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
    /// A convergence panel's axis titles, x scale and marks.
    public var chart: ChartOptions

    public init(kind: Kind, weight: Double = 1, title: String? = nil, camera: Camera2D? = nil, gradientNorm: Bool = false,
                chart: ChartOptions = ChartOptions()) {
        self.kind = kind
        self.weight = weight
        self.title = title
        self.camera = camera
        self.gradientNorm = gradientNorm
        self.chart = chart
    }
}

/// How a convergence panel titles its axes, scales its x axis and marks its lines. The defaults
/// draw the convergence chart (f against step); the options let the same chart plot other
/// measurements a run logged, e.g. frame time against frame size on log–log axes.
public struct ChartOptions: Sendable, Equatable {
    /// The x axis title; nil says "step".
    public var xTitle: String?
    /// The y axis title; nil says "f − f*" or "f".
    public var yTitle: String?
    /// A log x axis: logged paths are placed at their logged `step` (points at step ≤ 0 are left out).
    public var xLogarithmic: Bool
    /// Each series' best value gets a ring, and the best of all a note.
    public var marksBest: Bool
    /// Each value gets a dot, so a short series shows where it was measured.
    public var marksPoints: Bool

    public init(xTitle: String? = nil, yTitle: String? = nil, xLogarithmic: Bool = false, marksBest: Bool = true,
                marksPoints: Bool = false) {
        self.xTitle = xTitle
        self.yTitle = yTitle
        self.xLogarithmic = xLogarithmic
        self.marksBest = marksBest
        self.marksPoints = marksPoints
    }
}
