/// Everything one frame shows, derived from the `AppState` and the latest solver snapshots:
/// immutable, so the renderer never reads anything a solver thread is changing.
public struct RenderState: Sendable, Equatable {
    public let frame: Int
    /// The scenario as shown: camera domain, colormap and toggles applied, solver paths added.
    public let scenario: Scenario
    public let solvers: [SolverSnapshot]
    public let showHUD: Bool
    public let focus: FocusPosition?
    public let selection: String?
    /// The 3D camera, for `"view": "3d"` scenarios.
    public let orbit: OrbitCamera?
    /// A graph scenario's current node positions (from its layout solver); nil uses the
    /// positions the scenario gives.
    public let graphLayout: GraphLayoutSnapshot?
    /// How many of `scenario.paths` are followed paths (`opta view --follow`): the last ones, after
    /// the scenario's own paths and then the solvers'.
    public let followedPathCount: Int

    /// `revealThroughStep`: when frames animate a run, logged paths show only their points up to
    /// this step (their `steps`, or their index), as solvers show the steps taken so far; nil
    /// shows them whole.
    public init(frame: Int, state: AppState, solvers live: [SolverSnapshot], graphLayout: GraphLayoutSnapshot? = nil,
                revealThroughStep: Double? = nil) {
        // Stored runs (`"runs"`) are drawn as finished solvers, before the live ones.
        let solvers = state.scenario.recordedRuns.map(SolverSnapshot.init(recorded:)) + live
        self.graphLayout = graphLayout
        self.frame = frame
        var shown = state.visibleScenario
        if let limit = revealThroughStep { shown.paths = shown.paths.map { $0.revealed(through: limit) } }
        let specs = Dictionary(uniqueKeysWithValues: state.scenario.solvers.map { ($0.id, $0) })
        for snapshot in solvers {
            shown.paths.append(PathSpec(name: snapshot.id, points: snapshot.trajectory, color: specs[snapshot.id]?.color,
                                        width: 1.5, markers: snapshot.trajectory.count <= 400, markerRadius: 3))
        }
        for path in state.followedPaths {
            var followed = path
            followed.markers = path.points.count <= 400
            shown.paths.append(followed)
        }
        followedPathCount = state.followedPaths.count
        scenario = shown
        self.solvers = solvers
        showHUD = state.showHUD
        focus = state.focus
        selection = state.selection
        orbit = state.orbit
    }
}
