import CSDL2
import Foundation
import OptaRaster
import OptaRuntime

/// The window: an SDL2 window with a streaming texture the frames are uploaded to, presented with
/// vsync. It does nothing else — input goes out as `InputEvent`s, frames come in as framebuffers.
/// Use it from one thread only (the render thread that created it).
public final class SDLWindow {
    private let window: OpaquePointer
    private let renderer: OpaquePointer
    private var texture: OpaquePointer?
    private var textureSize = SIMD2<Int32>(0, 0)
    private let translator = SDLEventTranslator()

    /// Opens a resizable window. Throws with `noDisplay` set when there is no display to open it on.
    public init(title: String, width: Int, height: Int, vsync: Bool = true) throws(SDLError) {
        SDL_SetHint(CSDL2_HINT_RENDER_VSYNC, vsync ? "1" : "0")
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
        // Frames are finished on the CPU: copying them to the window needs no GPU pipeline, and on
        // machines without a GPU an OpenGL renderer would emulate one at great cost.
        var rendererFlags = SDL_RENDERER_SOFTWARE.rawValue
        if vsync { rendererFlags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
        guard let renderer = SDL_CreateRenderer(window, -1, rendererFlags) ?? SDL_CreateRenderer(window, -1, 0) else {
            let reason = String(cString: SDL_GetError())
            SDL_DestroyWindow(window)
            SDL_Quit()
            throw SDLError(noDisplay: false, description: "cannot create a renderer (\(reason))")
        }
        self.window = window
        self.renderer = renderer
    }

    deinit {
        if let texture { SDL_DestroyTexture(texture) }
        SDL_DestroyRenderer(renderer)
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
        SDL_GetRendererOutputSize(renderer, &w, &h)
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

    /// Shows a frame: uploads it to the texture (re-created when the size changes) and presents.
    /// The frame is drawn 1:1; a frame of another size than the window is letterboxed, never stretched.
    public func present(_ framebuffer: Framebuffer) {
        let size = SIMD2<Int32>(Int32(framebuffer.width), Int32(framebuffer.height))
        if texture == nil || size != textureSize {
            if let texture { SDL_DestroyTexture(texture) }
            texture = SDL_CreateTexture(renderer, CSDL2_PIXELFORMAT_ABGR8888, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                        size.x, size.y)
            textureSize = size
        }
        guard let texture else { return }
        framebuffer.pixels.withUnsafeBytes { bytes in
            _ = SDL_UpdateTexture(texture, nil, bytes.baseAddress, Int32(framebuffer.width * 4))
        }
        SDL_SetRenderDrawColor(renderer, 255, 255, 255, 255)
        SDL_RenderClear(renderer)
        let output = drawableSize
        var target = SDL_Rect(x: Int32(max(0, (output.x - framebuffer.width) / 2)), y: Int32(max(0, (output.y - framebuffer.height) / 2)),
                              w: size.x, h: size.y)
        SDL_RenderCopy(renderer, texture, nil, &target)
        SDL_RenderPresent(renderer)
    }

    /// Puts an event into SDL's queue as if the user had made it (for tests and scripted sessions).
    public static func inject(_ event: inout SDL_Event) {
        SDL_PushEvent(&event)
    }
}

extension SDLWindow: FrameSink, InputSource {}
