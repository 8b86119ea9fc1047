import Foundation
import OptaRaster
import OptaRuntime
import OptaVideo
import Synchronization

/// `opta view --record-video FILE`: every frame the window shows is also offered to a video
/// encoder. Offering never waits: when ffmpeg falls behind, the frame is dropped from the video
/// (and counted), never from the screen.
final class VideoRecordingSink: FrameSink {
    let window: FrameSink
    let encoder: VideoEncoder
    private var announced = false

    init(window: FrameSink, encoder: VideoEncoder) {
        self.window = window
        self.encoder = encoder
    }

    var drawableSize: SIMD2<Int> { window.drawableSize }

    func present(_ framebuffer: Framebuffer) {
        window.present(framebuffer)
        encoder.offer(framebuffer)
        if !announced {
            // Once a frame is on its way to the video, so that ending now already keeps a video.
            announced = true
            FileHandle.standardError.write(Data("opta: recording \(encoder.path); Q or Esc in the window, or Ctrl-C here, ends it and writes the video\n".utf8))
        }
    }
}

/// Asked from a signal's Dispatch queue, read by the render thread: the session should end.
final class QuitRequest: Sendable {
    private let requested = Atomic<Bool>(false)

    func request() { requested.store(true, ordering: .releasing) }
    var isRequested: Bool { requested.load(ordering: .acquiring) }
}

/// The window's input, plus a Q key press on every poll once a quit was requested: the session
/// then ends exactly as when the user presses Q (its frame loop stops after that frame).
final class QuittableInput: InputSource {
    let window: InputSource
    let quit: QuitRequest

    init(_ window: InputSource, quit: QuitRequest) {
        self.window = window
        self.quit = quit
    }

    func pollEvents() -> [InputEvent] {
        let events = window.pollEvents()
        return quit.isRequested ? events + [.key(.q, shift: false, time: inputTime)] : events
    }

    var inputTime: Double { window.inputTime }
}

/// A live recording: its encoder while the window is open, its report once finished.
struct LiveRecording {
    let path: String
    let format: VideoFormat

    /// Starts the encoder for frames of `size` at `fps`; on the render thread, which must live
    /// until `finish` (ffmpeg is bound to it).
    func start(size: SIMD2<Int>, fps: Double) throws(VideoError) -> VideoEncoder {
        var settings = VideoEncoder.Settings(format: format, width: size.x, height: size.y, fps: fps)
        settings.live = true
        settings.queueCapacity = 4
        return try VideoEncoder(path: path, settings: settings)
    }

    /// Runs `session` in `window` while recording it, on the render thread. The first Ctrl-C or
    /// SIGTERM ends the session as Q does and the video is finished; a second one discards it.
    func run(_ session: ViewerSession, in window: some FrameSink & InputSource, fps: Double) throws(VideoError) -> WindowReport {
        let quit = QuitRequest()
        ExportInterruption.finishOnFirstSignal { quit.request() }
        defer { ExportInterruption.finishOnFirstSignal(nil) }
        let encoder = try start(size: window.drawableSize, fps: fps)
        let report = session.run(source: QuittableInput(window, quit: quit),
                                 sink: VideoRecordingSink(window: window, encoder: encoder))
        return WindowReport(report, video: try encoder.finish())
    }

    /// The session's statistics JSON with the recording's counts added: `video_frames` written and
    /// `video_dropped_frames` (the encoder was behind, or the window had been resized).
    static func statistics(_ json: String, adding report: VideoEncoder.Report?) -> String {
        guard let report, json.hasSuffix("}") else { return json }
        return String(json.dropLast()) + ", \"video_frames\": \(report.framesWritten), \"video_dropped_frames\": \(report.framesDropped)}"
    }
}
