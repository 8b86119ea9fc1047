/// The one place where actions change state: a pure function from a state and an action to the
/// next state. No I/O, no clocks, no threads, so every session replays exactly.
public enum Reducer {
    /// The colormaps `nextColormap` cycles through.
    public static let colormapCycle = Colormap.allCases

    public static func reduce(_ state: AppState, _ action: Action) -> AppState {
        var next = state
        apply(action, to: &next)
        return next
    }

    /// The same change made in place. Callers that hold the only copy of the state use this: a
    /// followed log's points are then appended to their arrays without copying what they hold.
    public static func apply(_ action: Action, to state: inout AppState) {
        if let next = reduceOrbit(state, action) {
            state = next
            return
        }
        let home = state.scenario.landscape.domain
        switch action {
        case .orbit(let yaw, let pitch):
            // A 2D view has nothing to orbit: treat it like a drag (a degree is 1/360 of the view).
            state.camera = state.camera.panned(by: SIMD2(-yaw, pitch) / 360, home: home)
        case .pan(let fraction):
            state.camera = state.camera.panned(by: fraction, home: home)
        case .zoom(let factor, let anchor):
            state.camera = state.camera.zoomed(by: factor, about: anchor, home: home)
        case .resetCamera:
            state.camera = state.scenario.camera ?? Camera2D(showing: home)
        case .startSolvers, .resumeSolvers:
            state.solversRunning = true
            state.pendingSteps = 0
        case .pauseSolvers:
            state.solversRunning = false
        case .togglePause:
            state.solversRunning.toggle()
            if state.solversRunning { state.pendingSteps = 0 }
        case .stepSolvers:
            state.solversRunning = false
            state.pendingSteps += 1
        case .resetSolvers:
            state.solverGeneration += 1
            state.pendingSteps = 0
        case .setColormap(let colormap):
            state.colormap = colormap
        case .nextColormap:
            let index = colormapCycle.firstIndex(of: state.colormap) ?? -1
            state.colormap = colormapCycle[(index + 1) % colormapCycle.count]
        case .toggleContours:
            state.showContours.toggle()
        case .toggleLabels:
            state.showLabels.toggle()
        case .toggleLegend:
            state.showLegend.toggle()
        case .toggleHUD:
            state.showHUD.toggle()
        case .focusNext:
            state.focus = state.focus.map { FocusPosition(anchor: $0.anchor, offset: $0.offset + 1) } ?? .index(0)
        case .focusPrevious:
            // Counting from the first item, focus stops there; from a node, it may wrap to the last.
            state.focus = state.focus.map { FocusPosition(anchor: $0.anchor, offset: $0.anchor == nil ? max(0, $0.offset - 1) : $0.offset - 1) }
                ?? .index(0)
        case .focus(let index):
            state.focus = .index(max(0, index))
        case .focusNode(let id):
            state.focus = .node(id)
        case .select(let id):
            state.selection = id
        case .appendFollowedPoints(let points):
            appendFollowed(points, to: &state)
        case .resetFollowedPaths:
            state.followedPaths = []
        }
    }
}
