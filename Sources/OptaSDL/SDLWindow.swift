import CSDL2
import Foundation
import OptaRaster
import OptaRuntime

/// The window: an SDL2 window whose pixel memory frames are copied into, and only the bands of
/// rows that changed are sent to the display. It does nothing else — input goes out as
/// `InputEvent`s, frames come in as framebuffers; the viewer paces the frames itself. Use it from
/// one thread only (the render thread that created it).
public final class SDLWindow {
    private let window: OpaquePointer
    /// The surface, frame origin and size the window's pixels last showed: when any changes, the
    /// window is cleared and sent whole.
    private var shown: (surface: UnsafeMutablePointer<SDL_Surface>, left: Int, top: Int, width: Int, height: Int)?
    private let translator = SDLEventTranslator()

    /// Opens a resizable window. Throws with `noDisplay` set when there is no display to open it on.
    public init(title: String, width: Int, height: Int) throws(SDLError) {
        // The window surface is plain memory shown with shared-memory images, not an OpenGL
        // texture: on machines without a GPU, OpenGL would be emulated at great cost.
        SDL_SetHint(CSDL2_HINT_FRAMEBUFFER_ACCELERATION, "0")
        guard SDL_Init(CSDL2_INIT_VIDEO) == 0 else {
            throw SDLError(noDisplay: true, description: "no display to open a window on (\(String(cString: SDL_GetError())))")
        }
        // SDL falls back to a driver that shows nothing ("offscreen", "dummy") when there is no
        // display; only a user who names it in SDL_VIDEODRIVER gets an invisible window.
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        if let refusal = HeadlessDriverPolicy.refusal(driver: driver, requested: getenv("SDL_VIDEODRIVER").map { String(cString: $0) }) {
            SDL_Quit()
            throw SDLError(noDisplay: true, description: refusal)
        }
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_SHOWN.rawValue
        guard let window = SDL_CreateWindow(title, CSDL2_WINDOWPOS_CENTERED, CSDL2_WINDOWPOS_CENTERED,
                                            Int32(width), Int32(height), flags) else {
            let reason = String(cString: SDL_GetError())
            SDL_Quit()
            throw SDLError(noDisplay: true, description: "cannot open a window (\(reason))")
        }
        self.window = window
    }

    deinit {
        SDL_DestroyWindow(window)
        SDL_Quit()
    }

    /// The display's refresh rate in Hz, when SDL knows it.
    public var refreshRate: Int? {
        var mode = SDL_DisplayMode()
        guard SDL_GetWindowDisplayMode(window, &mode) == 0, mode.refresh_rate > 0 else { return nil }
        return Int(mode.refresh_rate)
    }

    /// The size frames should have: the window's drawable size in pixels.
    public var drawableSize: SIMD2<Int> {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSizeInPixels(window, &w, &h)
        return SIMD2(Int(max(1, w)), Int(max(1, h)))
    }

    /// Input that arrived since the last call, as platform-independent events.
    public func pollEvents() -> [InputEvent] {
        var events: [InputEvent] = []
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            events += translator.translate(event, windowSize: drawableSize)
        }
        return events
    }

    /// Seconds since SDL started, the clock of the events' times.
    public var inputTime: Double { Double(SDL_GetTicks()) / 1000 }

    /// Shows a frame: copies it into the window's pixels and sends the bands of rows that changed.
    /// The frame is drawn 1:1; a frame of another size than the window is centred on white
    /// (letterboxed), never stretched.
    public func present(_ framebuffer: Framebuffer) {
        guard let surface = SDL_GetWindowSurface(window), let format = surface.pointee.format?.pointee.format,
              SDL_LockSurface(surface) == 0 else { return }
        let size = SIMD2(Int(surface.pointee.w), Int(surface.pointee.h)), pitch = Int(surface.pointee.pitch)
        let left = max(0, (size.x - framebuffer.width) / 2), top = max(0, (size.y - framebuffer.height) / 2)
        let width = min(framebuffer.width, size.x - left), height = min(framebuffer.height, size.y - top)
        let whole = shown.map { $0.surface != surface || $0.left != left || $0.top != top || $0.width != width || $0.height != height } ?? true
        if whole { _ = SDL_FillRect(surface, nil, SDL_MapRGB(surface.pointee.format, 255, 255, 255)) }
        var changed: [Range<Int>] = []
        if let pixels = surface.pointee.pixels {
            framebuffer.pixels.withUnsafeBufferPointer { frame in
                if let order = Self.byteOrder(format) {
                    changed = SurfaceCopy.copy(frame, frameWidth: framebuffer.width, width: width, height: height, into: pixels,
                                               pitch: pitch, left: left, top: top, order: order)
                } else if let base = frame.baseAddress {
                    // Another pixel format (a 16-bit display): SDL converts every row, every frame.
                    _ = SDL_ConvertPixels(Int32(width), Int32(height), CSDL2_PIXELFORMAT_ABGR8888, base, Int32(framebuffer.width * 4),
                                          format, pixels + top * pitch + left * Int(surface.pointee.format.pointee.BytesPerPixel), Int32(pitch))
                    changed = [top..<(top + height)]
                }
            }
        }
        SDL_UnlockSurface(surface)
        shown = (surface, left, top, width, height)
        if whole {
            _ = SDL_UpdateWindowSurface(window)
        } else if !changed.isEmpty {
            var rects = changed.map { SDL_Rect(x: 0, y: Int32($0.lowerBound), w: Int32(size.x), h: Int32($0.count)) }
            _ = SDL_UpdateWindowSurfaceRects(window, &rects, Int32(rects.count))
        }
    }

    /// How a window pixel format of 32 bits holds red and blue; nil for other formats.
    static func byteOrder(_ format: UInt32) -> SurfaceCopy.ByteOrder? {
        switch format {
        case CSDL2_PIXELFORMAT_ABGR8888, CSDL2_PIXELFORMAT_XBGR8888: .redFirst
        case CSDL2_PIXELFORMAT_ARGB8888, CSDL2_PIXELFORMAT_XRGB8888: .blueFirst
        default: nil
        }
    }

    /// Puts an event into SDL's queue as if the user had made it (for tests and scripted sessions).
    public static func inject(_ event: inout SDL_Event) {
        SDL_PushEvent(&event)
    }
}

extension SDLWindow: FrameSink, InputSource {}
