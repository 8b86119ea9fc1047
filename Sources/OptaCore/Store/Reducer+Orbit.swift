extension Reducer {
    /// Camera actions in a 3D scenario move the orbit camera: `.orbit` turns it (degrees), `.zoom`
    /// moves it closer by the factor, `.pan` shifts its target, `.resetCamera` returns to the
    /// scenario's camera. Nil for every other action, and in 2D.
    static func reduceOrbit(_ state: AppState, _ action: Action) -> AppState? {
        guard let orbit = state.orbit else { return nil }
        var next = state
        switch action {
        case .orbit(let yaw, let pitch):
            next.orbit = orbit.orbited(yaw: yaw, pitch: pitch)
        case .zoom(let factor, _):
            next.orbit = orbit.zoomed(by: factor)
        case .pan(let fraction):
            next.orbit = orbit.panned(by: fraction)
        case .resetCamera:
            next.orbit = state.scenario.surface?.camera ?? orbit
        default:
            return nil
        }
        return next
    }
}
