import Dispatch
import Foundation
import OptaCore
import Synchronization

/// Follows a growing JSON Lines log on a thread of its own (`opta view --follow FILE|-`): looks
/// at the file (or standard input) every `pollInterval`, reads whatever arrived, and sends its
/// complete lines' points to the viewer as one `appendFollowedPoints` action per read. A file
/// that was truncated, replaced or removed and created again is read again from its start, after
/// a `resetFollowedPaths`. A missing file is waited for. Malformed and over-long lines are
/// skipped; every problem is reported once through `report`, which the reader thread calls. A
/// `recorder`, when given, is handed the same points from the reader thread as they are sent.
public final class FollowReader: Sendable {
    /// What is followed.
    public enum Source: Sendable, Equatable {
        case file(String)
        case standardInput

        /// `-` is standard input, anything else a file path.
        public init(argument: String) {
            self = argument == "-" ? .standardInput : .file(argument)
        }

        /// How messages name it.
        public var name: String {
            switch self {
            case .file(let path): path
            case .standardInput: "standard input"
            }
        }

        /// The path name for lines without `"path"`: the file's name without its extension.
        public var defaultPathName: String {
            switch self {
            case .file(let path):
                let name = (path as NSString).lastPathComponent
                let stem = (name as NSString).deletingPathExtension
                return stem.isEmpty ? name : stem
            case .standardInput: return "stdin"
            }
        }
    }

    /// How the reader reads.
    public struct Settings: Sendable {
        /// How long the reader waits before looking again when nothing new arrived.
        public var pollInterval: Duration = .milliseconds(20)
        /// The longest line read (bytes); longer ones are reported and skipped.
        public var maxLineBytes = 1 << 20
        /// Points sent at most since the last start over (`Limits.followedPoints`).
        public var maxPoints = Limits.followedPoints
        /// Malformed lines reported one by one; after that, one message says the rest are
        /// skipped without one.
        public var maxProblemsReported = 100
        public init() {}
    }

    public let source: Source
    public let settings: Settings
    let feed: ActionFeed
    let report: @Sendable (String) -> Void
    let recorder: (any FollowRecorder)?
    private let started = Atomic<Bool>(false)
    private let stopping = Atomic<Bool>(false)
    /// Signalled by `stop` to end the thread's wait between looks early.
    private let wake = DispatchSemaphore(value: 0)
    /// Signalled once the thread has ended (and again by each `stop` that waited for it).
    private let ended = DispatchSemaphore(value: 0)

    /// `report` hears each problem as one line without a trailing newline, e.g.
    /// "--follow run.jsonl: line 3 is not JSON (…); skipped it".
    public init(source: Source, feed: ActionFeed, settings: Settings = Settings(), recorder: (any FollowRecorder)? = nil,
                report: @escaping @Sendable (String) -> Void) {
        self.source = source
        self.recorder = recorder
        self.feed = feed
        self.settings = settings
        self.report = report
    }

    /// Starts the reader thread (once).
    public func start() {
        guard started.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged else { return }
        let thread = Thread { [self] in
            run()
            ended.signal()
        }
        thread.name = "opta.follow"
        thread.start()
    }

    /// Stops the reader thread and waits until it has ended: nothing is sent after this returns.
    public func stop() {
        stopping.store(true, ordering: .sequentiallyConsistent)
        wake.signal()
        guard started.load(ordering: .sequentiallyConsistent) else { return }
        ended.wait()
        ended.signal()
    }

    // MARK: The reader thread

    /// What one look at the source found.
    private enum Look {
        case bytes([UInt8], restarted: Bool)
        case nothingNew
        case missing
        case ended

        var isMissing: Bool {
            if case .missing = self { return true }
            return false
        }
    }

    /// The source as the reader thread reads it.
    private enum Input {
        case file(FileTail)
        case standardInput(StandardInputTail)

        mutating func look() -> Look {
            switch self {
            case .file(var tail):
                let change = tail.poll()
                self = .file(tail)
                switch change {
                case .appended(let bytes): return .bytes(bytes, restarted: false)
                case .restarted(let bytes): return .bytes(bytes, restarted: true)
                case .unchanged: return .nothingNew
                case .missing: return .missing
                }
            case .standardInput(var tail):
                let change = tail.poll()
                self = .standardInput(tail)
                switch change {
                case .appended(let bytes): return .bytes(bytes, restarted: false)
                case .unchanged: return .nothingNew
                case .ended: return .ended
                }
            }
        }
    }

    /// What the reader has said and sent since the last start over.
    private struct Progress {
        var pointsSent = 0
        var problemsSeen = 0
        var saidLimit = false
        var saidMissing = false
        /// Bytes were read from the file now missing: when it is back, it is read from its start.
        var vanished = false
        var readAny = false
    }

    private func run() {
        // The runs end with the thread, so `stop` returns after the last of them was handed over.
        defer { recorder?.finish() }
        var follower = JSONLinesFollower(defaultPath: source.defaultPathName, maxLineBytes: settings.maxLineBytes)
        var input: Input
        switch source {
        case .file(let path): input = .file(FileTail(path: path))
        case .standardInput: input = .standardInput(StandardInputTail())
        }
        var progress = Progress()
        let name = "--follow \(source.name)"
        while !stopping.load(ordering: .relaxed) {
            let look = input.look()
            if progress.vanished, !look.isMissing {
                // The file came back (created again): everything shown so far came from the old one.
                progress.vanished = false
                startOver(&follower, &progress, saying: "\(name): the file is back; reading it from the start")
            }
            switch look {
            case .bytes(let bytes, let restarted):
                progress.saidMissing = false
                if restarted { startOver(&follower, &progress, saying: "\(name): the file was truncated or replaced; reading it again from the start") }
                progress.readAny = progress.readAny || !bytes.isEmpty
                deliver(follower.consume(bytes), &progress, name: name)
                continue  // more may be waiting: look again at once
            case .nothingNew:
                progress.saidMissing = false
            case .missing:
                if progress.readAny, case .file(let path) = source {
                    // Removed after it was read: a new file of the same name starts over.
                    input = .file(FileTail(path: path))
                    progress.vanished = true
                    progress.readAny = false
                }
                if !progress.saidMissing {
                    progress.saidMissing = true
                    report("\(name): no such file \(progress.vanished ? "any more" : "yet"); waiting for it to appear")
                }
            case .ended:
                return
            }
            _ = wake.wait(timeout: .now() + .nanoseconds(waitNanoseconds))
        }
    }

    /// The wait between looks, from 1 ms to 10 s.
    private var waitNanoseconds: Int {
        Int(min(max(settings.pollInterval / .nanoseconds(1), 1e6), 1e10))
    }

    /// Forgets what was read and tells the viewer to do the same.
    private func startOver(_ follower: inout JSONLinesFollower, _ progress: inout Progress, saying message: String) {
        follower.reset()
        feed.send(.resetFollowedPaths)
        recorder?.restart()
        progress.pointsSent = 0
        progress.problemsSeen = 0
        progress.saidLimit = false
        report(message)
    }

    /// Sends a batch's points (up to the point limit), then reports its problems: when a line's
    /// problem is reported, the points of every line before it have been sent.
    private func deliver(_ batch: (points: [PathPoint], problems: [String]), _ progress: inout Progress, name: String) {
        var points = batch.points
        let room = max(0, settings.maxPoints - progress.pointsSent)
        var reachedLimit = false
        if points.count > room {
            points = Array(points.prefix(room))
            reachedLimit = !progress.saidLimit
            progress.saidLimit = true
        }
        if !points.isEmpty {
            progress.pointsSent += points.count
            feed.send(.appendFollowedPoints(points))
            recorder?.record(points)
        }
        if reachedLimit { report("\(name): reached \(settings.maxPoints) points (docs/limits.md); later points are not shown") }
        for problem in batch.problems {
            progress.problemsSeen += 1
            if progress.problemsSeen <= settings.maxProblemsReported {
                report("\(name): \(problem)")
            } else if progress.problemsSeen == settings.maxProblemsReported + 1 {
                report("\(name): more than \(settings.maxProblemsReported) malformed lines; skipping the rest without a message")
            }
        }
    }
}
