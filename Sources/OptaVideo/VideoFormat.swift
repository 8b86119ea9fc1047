/// The video containers Opta writes, each with the encoder settings that make it play where people
/// put it: MP4 (H.264, yuv420p for QuickTime/Safari/iOS, CRF 18, moov atom first for the web),
/// WebM (VP9) and GIF (a palette per clip, built from what changes between frames).
public enum VideoFormat: String, Sendable, CaseIterable {
    case mp4, webm, gif

    /// The format a file name asks for by its extension (case-insensitive), nil for any other.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// The constant rate factor used when `--quality` is not given (lower is better; nil for GIF,
    /// whose quality is its palette).
    public var defaultQuality: Int? {
        switch self {
        case .mp4: 18
        case .webm: 31
        case .gif: nil
        }
    }

    /// The quality values the encoder accepts.
    public var qualityRange: ClosedRange<Int>? {
        switch self {
        case .mp4: 0...51
        case .webm: 0...63
        case .gif: nil
        }
    }

    /// ffmpeg's arguments (after the program name) to read raw RGBA frames of `width`×`height` from
    /// standard input at `fps` and write this format to `output`.
    ///
    /// H.264 and VP9 in yuv420p need even sizes: odd ones are padded by one pixel (right, bottom).
    /// `live` picks the encoders' fast settings, for recording a session while it runs.
    public func ffmpegArguments(width: Int, height: Int, fps: Double, quality: Int?, output: String,
                                live: Bool = false) -> [String] {
        let input = ["-hide_banner", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgba",
                     "-s", "\(width)x\(height)", "-framerate", Self.number(fps), "-i", "pipe:0"]
        let even = ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2"]
        let crf = String(quality ?? defaultQuality ?? 0)
        let codec: [String]
        switch self {
        case .mp4:
            codec = even + ["-c:v", "libx264"] + (live ? ["-preset", "veryfast"] : [])
                + ["-pix_fmt", "yuv420p", "-crf", crf, "-movflags", "+faststart", "-f", "mp4"]
        case .webm:
            // Constant quality (-b:v 0), row threads and speed 4: VP9's default speed is far too slow.
            codec = even + ["-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p", "-crf", crf, "-b:v", "0",
                            "-deadline", live ? "realtime" : "good", "-cpu-used", live ? "8" : "4", "-row-mt", "1", "-f", "webm"]
        case .gif:
            codec = ["-filter_complex", "split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=diff_mode=rectangle",
                     "-loop", "0", "-f", "gif"]
        }
        return input + codec + ["-y", output]
    }

    /// A frame rate as ffmpeg reads it: integers plain, others as a fraction over 1000.
    static func number(_ fps: Double) -> String {
        fps == fps.rounded() ? String(Int(fps)) : "\(Int((fps * 1000).rounded()))/1000"
    }
}
