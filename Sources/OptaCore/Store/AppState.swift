/// The whole state of an Opta session that actions change: the scenario, the camera, whether solvers
/// run, what is shown, and focus. A value: the reducer makes a new one for every action.
public struct AppState: Sendable, Equatable {
    public var scenario: Scenario
    public var camera: Camera2D
    /// The 3D camera of a `"view": "3d"` scenario (nil in 2D).
    public var orbit: OrbitCamera?
    /// Whether solvers advance on their own each frame.
    public var solversRunning: Bool
    /// Single steps requested while paused, not yet taken.
    public var pendingSteps: Int
    /// Increased by every reset, so whoever runs the solvers knows to start them over.
    public var solverGeneration: Int
    public var colormap: Colormap
    public var showContours: Bool
    public var showLabels: Bool
    public var showLegend: Bool
    public var showHUD: Bool
    /// Which accessibility item has the keyboard focus (nil: none), and the selected item's id.
    public var focus: FocusPosition?
    public var selection: String?
    /// Paths read from a followed log (`opta view --follow`), in the order their names first
    /// appeared. Drawn after the solvers' paths, so a new one takes the next palette colour and
    /// no other path changes colour; shown whole, never revealed step by step with the frames.
    public var followedPaths: [PathSpec] = []

    /// The state a scenario opens in: solvers running, the scenario's own view settings.
    public init(scenario: Scenario) {
        self.scenario = scenario
        camera = scenario.camera ?? Camera2D(showing: scenario.landscape.domain)
        orbit = scenario.surface?.camera
        solversRunning = true
        pendingSteps = 0
        solverGeneration = 0
        colormap = scenario.landscape.colormap
        showContours = scenario.landscape.contours != nil
        showLabels = scenario.landscape.labels
        showLegend = scenario.axes.legend
        showHUD = false
    }

    /// The scenario as this state shows it: the camera's domain, colormap and toggles applied.
    public var visibleScenario: Scenario {
        var shown = scenario
        shown.landscape.domain = camera.visibleDomain(home: scenario.landscape.domain)
        shown.landscape.colormap = colormap
        if !showContours { shown.landscape.contours = nil }
        shown.landscape.labels = showLabels && showContours
        shown.axes.legend = showLegend
        return shown
    }
}
