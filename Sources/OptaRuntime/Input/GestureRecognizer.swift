import Foundation
import OptaCore

/// Turns input events into viewer commands, with eased camera motion: drag pans (2D) or orbits
/// (3D), right-drag or shift-drag pans, wheel and pinch zoom about the cursor, keys map to actions
/// (see `commands(forKey:shift:)`), and a drag released with velocity coasts to rest (`tick`).
/// Pure: every time comes in with the events.
public struct GestureRecognizer: Sendable {
    /// Whether a plain left-drag pans a 2D view or orbits a 3D one.
    public enum Mode: Sendable, Equatable {
        case twoD, threeD
    }

    /// A button held down and where the pointer was last seen.
    struct ActiveDrag: Sendable, Equatable {
        var button: PointerButton
        var kind: DragKind
        var position: SIMD2<Double>
        var velocity = DragVelocity()
    }

    /// Zoom factor per wheel notch.
    public static let wheelStep = 1.1
    /// Zoom factor per + / − press.
    public static let keyZoomStep = 1.25
    /// A pinch zooms by e^(pinchGain × scaleDelta).
    public static let pinchGain = 4.0

    /// The window's drawable size in pixels.
    public private(set) var viewSize: SIMD2<Double>
    /// 2D (drag pans) or 3D (left-drag orbits).
    public var mode: Mode
    var drag: ActiveDrag?
    var inertia: Inertia?

    public init(viewSize: SIMD2<Double>, mode: Mode = .twoD) {
        self.viewSize = SIMD2(max(viewSize.x, 1), max(viewSize.y, 1))
        self.mode = mode
    }

    /// Whether a released drag is still coasting: the viewer should keep calling `tick`.
    public var isCoasting: Bool { inertia != nil }

    /// The commands for one event, in order.
    public mutating func handle(_ event: InputEvent) -> [ViewerCommand] {
        switch event {
        case let .pointerDown(button, at, shift, time):
            pointerDown(button, at: at, shift: shift, time: time)
            return []
        case let .pointerMoved(to, time):
            return pointerMoved(to: to, time: time)
        case let .pointerUp(button, at, time):
            return pointerUp(button, at: at, time: time)
        case let .wheel(delta, at, _):
            return zoom(by: pow(Self.wheelStep, delta), at: at)
        case let .pinch(scaleDelta, center, _):
            return zoom(by: exp(Self.pinchGain * scaleDelta), at: center)
        case let .key(key, shift, _):
            return keyPressed(key, shift: shift)
        case let .resized(width, height):
            guard width > 0, height > 0 else { return [] }
            viewSize = SIMD2(Double(width), Double(height))
            return [.resize(width: width, height: height)]
        }
    }

    /// Called once per frame with the frame's time: the inertia's motion since the last call.
    public mutating func tick(time: Double) -> [ViewerCommand] {
        guard var coasting = inertia else { return [] }
        let (delta, finished) = coasting.advance(to: time)
        inertia = finished ? nil : coasting
        return commands(forDrag: delta, kind: coasting.kind)
    }

    /// The action for `delta` pixels of drag, if it moved at all.
    func commands(forDrag delta: SIMD2<Double>, kind: DragKind) -> [ViewerCommand] {
        kind.action(forDrag: delta, viewSize: viewSize).map { [.action($0)] } ?? []
    }

    /// A zoom by `factor` keeping the point under `pixel` fixed.
    func zoom(by factor: Double, at pixel: SIMD2<Double>) -> [ViewerCommand] {
        guard factor.isFinite, factor > 0, factor != 1 else { return [] }
        return [.action(.zoom(factor: factor, about: ViewFraction.of(pixel, viewSize: viewSize)))]
    }
}
