import Foundation
import OptaRaster
import OptaRuntime
import OptaVideo

/// `opta view --record-video FILE`: every frame the window shows is also offered to a video
/// encoder. Offering never waits: when ffmpeg falls behind, the frame is dropped from the video
/// (and counted), never from the screen.
final class VideoRecordingSink: FrameSink {
    let window: FrameSink
    let encoder: VideoEncoder

    init(window: FrameSink, encoder: VideoEncoder) {
        self.window = window
        self.encoder = encoder
    }

    var drawableSize: SIMD2<Int> { window.drawableSize }

    func present(_ framebuffer: Framebuffer) {
        window.present(framebuffer)
        encoder.offer(framebuffer)
    }
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

    /// The session's statistics JSON with the recording's counts added: `video_frames` written and
    /// `video_dropped_frames` (the encoder was behind, or the window had been resized).
    static func statistics(_ json: String, adding report: VideoEncoder.Report?) -> String {
        guard let report, json.hasSuffix("}") else { return json }
        return String(json.dropLast()) + ", \"video_frames\": \(report.framesWritten), \"video_dropped_frames\": \(report.framesDropped)}"
    }
}
