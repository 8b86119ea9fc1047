import Foundation
import OptaCore
import OptaRuntime

/// The booth landscape on its default home domain.
func boothState() throws -> AppState {
    AppState(scenario: try ScenarioLoader.parse(Data(#"{"version": 1, "landscape": {"function": "booth"}}"#.utf8)))
}

/// The state after the store applies every `.action` among `commands`.
func applying(_ commands: [ViewerCommand], to state: AppState) -> AppState {
    commands.reduce(state) { state, command in
        if case .action(let action) = command { return Reducer.reduce(state, action) }
        return state
    }
}

/// The domain point drawn at `pixel` (from the top-left) in a view of `viewSize` pixels.
func domainPoint(at pixel: SIMD2<Double>, in state: AppState, viewSize: SIMD2<Double>) -> SIMD2<Double> {
    let visible = state.camera.visibleDomain(home: state.scenario.landscape.domain)
    let size = SIMD2(visible.x.upperBound - visible.x.lowerBound, visible.y.upperBound - visible.y.lowerBound)
    return SIMD2(visible.x.lowerBound + pixel.x / viewSize.x * size.x,
                 visible.y.upperBound - pixel.y / viewSize.y * size.y)
}

/// Whether two points agree to `tolerance` relative to their scale.
func close(_ a: SIMD2<Double>, _ b: SIMD2<Double>, tolerance: Double = 1e-9) -> Bool {
    let scale = max(1, abs(a.x), abs(a.y), abs(b.x), abs(b.y))
    return abs(a.x - b.x) <= tolerance * scale && abs(a.y - b.y) <= tolerance * scale
}

/// The pans among `commands`, summed.
func totalPan(_ commands: [ViewerCommand]) -> SIMD2<Double> {
    commands.reduce(.zero) { sum, command in
        if case .action(.pan(let fraction)) = command { return sum + fraction }
        return sum
    }
}

let viewSize = SIMD2<Double>(800, 600)

/// The orbits among `commands`, summed as (yaw, pitch).
func totalOrbit(_ commands: [ViewerCommand]) -> SIMD2<Double> {
    commands.reduce(.zero) { sum, command in
        if case .action(.orbit(let yaw, let pitch)) = command { return sum + SIMD2(yaw, pitch) }
        return sum
    }
}
