/// Input in window terms: positions in pixels from the top-left, time in seconds.
///
/// The platform shell (SDL) translates its events into these; nothing here knows about SDL.
public enum InputEvent: Sendable, Equatable {
    /// A button went down; `shift` tells whether Shift was held (shift-drag pans in every mode).
    case pointerDown(button: PointerButton, at: SIMD2<Double>, shift: Bool, time: Double)
    /// The pointer moved, with or without a button held.
    case pointerMoved(to: SIMD2<Double>, time: Double)
    /// A button was released.
    case pointerUp(button: PointerButton, at: SIMD2<Double>, time: Double)
    /// Wheel notches at the cursor; positive zooms in.
    case wheel(delta: Double, at: SIMD2<Double>, time: Double)
    /// A two-finger pinch: the change in finger distance (SDL_MULTIGESTURE `dDist`) and the
    /// pinch centre in pixels; positive zooms in.
    case pinch(scaleDelta: Double, center: SIMD2<Double>, time: Double)
    /// A key press.
    case key(Key, shift: Bool, time: Double)
    /// The window's drawable size changed, in pixels.
    case resized(width: Int, height: Int)
}
