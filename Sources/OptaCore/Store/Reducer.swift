/// The one place where actions change state: a pure function from a state and an action to the
/// next state. No I/O, no clocks, no threads, so every session replays exactly.
public enum Reducer {
    /// The colormaps `nextColormap` cycles through.
    public static let colormapCycle = ScenarioLoader.colormaps

    public static func reduce(_ state: AppState, _ action: Action) -> AppState {
        if let next = reduceOrbit(state, action) { return next }
        var next = state
        let home = state.scenario.landscape.domain
        switch action {
        case .orbit(let yaw, let pitch):
            // A 2D view has nothing to orbit: treat it like a drag (a degree is 1/360 of the view).
            next.camera = state.camera.panned(by: SIMD2(-yaw, pitch) / 360, home: home)
        case .pan(let fraction):
            next.camera = state.camera.panned(by: fraction, home: home)
        case .zoom(let factor, let anchor):
            next.camera = state.camera.zoomed(by: factor, about: anchor, home: home)
        case .resetCamera:
            next.camera = state.scenario.camera ?? Camera2D(showing: home)
        case .startSolvers, .resumeSolvers:
            next.solversRunning = true
            next.pendingSteps = 0
        case .pauseSolvers:
            next.solversRunning = false
        case .togglePause:
            next.solversRunning.toggle()
            if next.solversRunning { next.pendingSteps = 0 }
        case .stepSolvers:
            next.solversRunning = false
            next.pendingSteps += 1
        case .resetSolvers:
            next.solverGeneration += 1
            next.pendingSteps = 0
        case .setColormap(let name):
            if colormapCycle.contains(name) { next.colormap = name }
        case .nextColormap:
            let index = colormapCycle.firstIndex(of: state.colormap) ?? -1
            next.colormap = colormapCycle[(index + 1) % colormapCycle.count]
        case .toggleContours:
            next.showContours.toggle()
        case .toggleLabels:
            next.showLabels.toggle()
        case .toggleLegend:
            next.showLegend.toggle()
        case .toggleHUD:
            next.showHUD.toggle()
        case .focusNext:
            next.focus = state.focus.map { FocusPosition(anchor: $0.anchor, offset: $0.offset + 1) } ?? .index(0)
        case .focusPrevious:
            // Counting from the first item, focus stops there; from a node, it may wrap to the last.
            next.focus = state.focus.map { FocusPosition(anchor: $0.anchor, offset: $0.anchor == nil ? max(0, $0.offset - 1) : $0.offset - 1) }
                ?? .index(0)
        case .focus(let index):
            next.focus = .index(max(0, index))
        case .focusNode(let id):
            next.focus = .node(id)
        case .select(let id):
            next.selection = id
        }
        return next
    }
}
