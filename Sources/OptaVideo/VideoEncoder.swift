import Dispatch
import Foundation
import OptaRaster
import Synchronization

/// Writes frames to a video file through an `ffmpeg` child process: frames go as raw RGBA through
/// a pipe (never through image files), a writer thread feeds the pipe from a small bounded queue so
/// the caller renders the next frames while ffmpeg encodes, and the file appears under its name
/// only when ffmpeg finished it (see `PendingVideoFile`).
///
/// Use from one thread: `append` or `offer` each frame, then `finish` (or `cancel`). That thread
/// must live until `finish` or `cancel` returns: ffmpeg is bound to it (see `FFmpegChild`).
public final class VideoEncoder: Sendable {
    /// What to write.
    public struct Settings: Sendable {
        public var format: VideoFormat
        public var width: Int
        public var height: Int
        public var fps: Double
        /// The constant rate factor (nil: the format's default; GIF has none).
        public var quality: Int?
        /// Frames waiting for the encoder at most; a full queue makes `append` wait, `offer` drop.
        public var queueCapacity = 3
        /// Where to look for `ffmpeg` (PATH-style; nil reads the PATH variable).
        public var searchPath: String?
        /// Recording a live session: fast encoder settings, and ffmpeg runs at a lower priority
        /// than the window, so it falls behind (and frames are dropped) rather than the screen.
        public var live = false

        public init(format: VideoFormat, width: Int, height: Int, fps: Double, quality: Int? = nil) {
            self.format = format
            self.width = width
            self.height = height
            self.fps = fps
            self.quality = quality
        }
    }

    /// What an export did, for progress summaries and `--stats`.
    public struct Report: Sendable {
        public let path: String
        public let framesWritten: Int
        /// Frames `offer` dropped because the encoder was behind, or because their size differed.
        public let framesDropped: Int
        /// Time `append` spent waiting for room in the queue: how much the encoder held rendering up.
        public let waitedForEncoder: Duration
        /// Time from the last frame to the finished file (ffmpeg flushing its encoder and muxer).
        public let finishing: Duration
        /// CPU time ffmpeg used, in seconds.
        public let encoderCPUSeconds: Double
        /// CPU time Opta's writer thread used handing frames to ffmpeg (checking that they are
        /// opaque, giving them to the pipe), in seconds: Opta's part of the export that is not drawing.
        public let pipingCPUSeconds: Double
        public let bytes: Int
    }

    private struct Progress: Sendable {
        var written = 0
        var dropped = 0
        var waited = Duration.zero
        var pipingCPUSeconds = 0.0
        /// Set by the writer when ffmpeg stopped reading (it failed or died).
        var pipeBroken = false
        var done = false
    }

    public let path: String
    public let settings: Settings
    private let file: PendingVideoFile
    private let child: FFmpegChild
    private let interruptionKey: Int
    private let queue: FrameQueue<Framebuffer>
    private let writerFinished = DispatchSemaphore(value: 0)
    private let progress = Mutex(Progress())
    /// Whether the caller draws into `reusableFrame()`s; until it does, piped frames are let go,
    /// so a caller that keeps drawing into its own frame (the viewer) does not copy it every time.
    private let handsOutFrames = Atomic(false)
    /// Frames the writer has finished piping, for `reusableFrame()`. At most `queueCapacity + 3`
    /// are kept: as many as can be in flight at once (queued, being drawn, being piped, and the
    /// one before whose last bytes the pipe may still hold).
    private let spareFrames = Mutex<[Framebuffer]>([])
    /// The frames the pipe still held by reference when the writer ended: alive until ffmpeg exits.
    private let lastFramesInPipe = Mutex<[Framebuffer]>([])

    /// Starts ffmpeg writing `settings.format` towards `path` (whose folder must exist).
    public init(path: String, settings: Settings) throws(VideoError) {
        guard (1...Framebuffer.maximumDimension).contains(settings.width),
              (1...Framebuffer.maximumDimension).contains(settings.height) else {
            throw VideoError(.badParameters, "a video frame must be 1 to \(Framebuffer.maximumDimension) pixels wide and high, got \(settings.width)×\(settings.height)")
        }
        guard settings.fps > 0, settings.fps <= 1000 else {
            throw VideoError(.badParameters, "the frame rate must be above 0 and at most 1000, got \(settings.fps)")
        }
        if let quality = settings.quality, let range = settings.format.qualityRange, !range.contains(quality) {
            throw VideoError(.badParameters, "quality for \(settings.format.rawValue) must be from \(range.lowerBound) to \(range.upperBound), got \(quality)")
        }
        let search = settings.searchPath ?? ProcessInfo.processInfo.environment["PATH"]
        guard let program = FFmpegChild.locate(searchPath: search) else {
            throw VideoError(.ffmpegMissing, "ffmpeg is not installed; install the Debian package \(FFmpegChild.package) (sudo apt-get install \(FFmpegChild.package)) and run again")
        }
        self.path = path
        self.settings = settings
        file = try PendingVideoFile(destination: path)
        let arguments = settings.format.ffmpegArguments(width: settings.width, height: settings.height, fps: settings.fps,
                                                        quality: settings.quality, output: file.childOutputPath,
                                                        live: settings.live)
        do {
            child = try FFmpegChild(program: program, arguments: arguments, outputFile: file.descriptor,
                                    niceness: settings.live ? 10 : 0)
        } catch {
            file.discard()
            throw error
        }
        interruptionKey = ExportInterruption.register(.init(pid: child.pid, partialPath: file.partialPath))
        queue = FrameQueue(capacity: settings.queueCapacity)
        let thread = Thread { [self] in self.writeFrames() }
        thread.name = "opta.video"
        thread.start()
    }

    /// A frame of the video's size to draw the next frame into: one the writer has finished piping
    /// when there is one, else a new one. A reused frame still holds an earlier picture, so the
    /// caller must write every pixel (every `SceneFigure` does). Passing the same few frames round
    /// saves allocating, zeroing and first touching 4 × width × height bytes for every frame.
    public func reusableFrame() -> Framebuffer {
        handsOutFrames.store(true, ordering: .relaxed)
        return spareFrames.withLock { $0.popLast() } ?? Framebuffer(width: settings.width, height: settings.height)
    }

    /// Adds a frame, waiting while the encoder is behind. Throws ffmpeg's error once it has
    /// failed (the export is then over: the file is discarded).
    public func append(_ frame: Framebuffer) throws(VideoError) {
        let (broken, done) = progress.withLock { ($0.pipeBroken, $0.done) }
        if done { throw VideoError(.badParameters, "\(path): the video was already finished") }
        if broken { try finishFailed() }
        let clock = ContinuousClock()
        let start = clock.now
        queue.push(frame)
        let waited = clock.now - start
        progress.withLock { $0.waited += waited }
    }

    /// Adds a frame if the encoder keeps up; otherwise drops it (counted in the report) and returns
    /// false. Never waits: for live sessions that must not slow down.
    @discardableResult
    public func offer(_ frame: Framebuffer) -> Bool {
        if progress.withLock({ $0.pipeBroken || $0.done }) || !queue.offer(frame) {
            progress.withLock { $0.dropped += 1 }
            return false
        }
        return true
    }

    /// Ends the video: waits for ffmpeg to finish, then gives the file its name.
    public func finish() throws(VideoError) -> Report {
        let clock = ContinuousClock()
        let start = clock.now
        guard let exit = stopWriting() else { throw VideoError(.badParameters, "\(path): the video was already finished") }
        guard exit.status == 0, !progress.withLock({ $0.pipeBroken }) else {
            file.discard()
            throw failure(exit)
        }
        // A Ctrl-C from here on waits for the name: the video is either not there or complete.
        try ExportInterruption.withoutInterruption { () throws(VideoError) in try file.commit() }
        let finishing = clock.now - start
        var info = stat()
        let bytes = stat(path, &info) == 0 ? Int(info.st_size) : 0
        return progress.withLock {
            Report(path: path, framesWritten: $0.written, framesDropped: $0.dropped, waitedForEncoder: $0.waited,
                   finishing: finishing, encoderCPUSeconds: exit.cpuSeconds, pipingCPUSeconds: $0.pipingCPUSeconds,
                   bytes: bytes)
        }
    }

    /// Abandons the video: ffmpeg is stopped and nothing is written.
    public func cancel() {
        let running = progress.withLock { p -> Bool in
            defer { p.pipeBroken = true }  // the writer skips what is left
            return !p.done
        }
        guard running else { return }
        child.signalKill()
        _ = stopWriting()
        file.discard()
    }

    /// Closes the queue, waits for the writer to drain it and for ffmpeg to exit. Only the first
    /// call does (and returns how ffmpeg ended); later calls return nil.
    private func stopWriting() -> FFmpegChild.Exit? {
        let first = progress.withLock { p -> Bool in
            defer { p.done = true }
            return !p.done
        }
        guard first else { return nil }
        queue.close()
        writerFinished.wait()
        let exit = child.finish()
        ExportInterruption.forget(interruptionKey)
        let left = lastFramesInPipe.withLock { frames -> [Framebuffer] in
            defer { frames = [] }
            return frames
        }
        for frame in left { keepForReuse(frame) }  // ffmpeg has exited: it reads them no more
        return exit
    }

    private func finishFailed() throws(VideoError) -> Never {
        guard let exit = stopWriting() else { throw VideoError(.ffmpegFailed, "\(path): the video was abandoned") }
        file.discard()
        throw failure(exit)
    }

    private func failure(_ exit: FFmpegChild.Exit) -> VideoError {
        let reason = exit.lastErrorLine.map { "ffmpeg failed: \($0)" }
            ?? "ffmpeg stopped (status \(exit.status)) without saying why"
        return VideoError(.ffmpegFailed, "\(path): \(reason)")
    }

    /// The writer thread: takes frames from the queue and pipes them to ffmpeg as straight RGBA.
    /// Opaque frames (the usual case) go by reference, and come back for reuse once ffmpeg has
    /// read them; others are converted and copied.
    private func writeFrames() {
        let cpuAtStart = Self.threadCPUSeconds()
        var inPipe = FramesInPipe()
        var byReference = true
        defer {
            let cpu = Self.threadCPUSeconds() - cpuAtStart
            progress.withLock { $0.pipingCPUSeconds = cpu }
            let left = inPipe.removeAll()
            lastFramesInPipe.withLock { $0 = left }
            writerFinished.signal()
        }
        while let frame = queue.pop() {
            if progress.withLock({ $0.pipeBroken }) { continue }  // drain, so producers never block
            guard frame.width == settings.width, frame.height == settings.height else {
                progress.withLock { $0.dropped += 1 }
                continue
            }
            let count = frame.pixels.count * 4
            let ok: Bool
            if !RawFrame.isOpaque(frame) {
                ok = frame.straightRGBA().withUnsafeBytes { child.write($0) }
                inPipe.copied(count)
                keepForReuse(consume frame)
            } else if byReference, let handed = frame.pixels.withUnsafeBytes({ child.handByReference($0) }) {
                ok = handed
                inPipe.handed(consume frame, count: count)
            } else {
                byReference = false
                ok = frame.pixels.withUnsafeBytes { child.write($0) }
                inPipe.copied(count)
                keepForReuse(consume frame)
            }
            progress.withLock { ok ? ($0.written += 1) : ($0.pipeBroken = true) }
            if byReference {
                if let unread = child.unreadBytes() {
                    for done in inPipe.read(unread: unread) { keepForReuse(done) }
                } else {
                    byReference = false  // how far ffmpeg has read is unknown: those in the pipe wait for the end
                }
            }
        }
    }

    /// CPU time (user + system) the calling thread has used, in seconds.
    private static func threadCPUSeconds() -> Double {
        var now = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) == 0 else { return 0 }
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Keeps a piped frame for `reusableFrame()`. The writer holds the only reference by now (the
    /// queue gave it up), so the caller that takes it next draws into it without a copy.
    private func keepForReuse(_ frame: consuming Framebuffer) {
        guard handsOutFrames.load(ordering: .relaxed) else { return }
        let limit = settings.queueCapacity + 3
        var kept = Optional(consume frame)
        spareFrames.withLock { spare in
            if spare.count < limit, let frame = kept.take() { spare.append(frame) }
        }
    }
}
