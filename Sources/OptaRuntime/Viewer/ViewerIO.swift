import OptaRaster

/// Where the viewer's frames go: a window, or a fake in tests.
public protocol FrameSink: AnyObject {
    /// The size frames should have now, in pixels.
    var drawableSize: SIMD2<Int> { get }
    func present(_ framebuffer: Framebuffer)
}

/// Where the viewer's input comes from: a window's events, or a script in tests.
public protocol InputSource: AnyObject {
    /// Events since the last call.
    func pollEvents() -> [InputEvent]
    /// The current time in seconds, on the clock the events' times use.
    var inputTime: Double { get }
}
