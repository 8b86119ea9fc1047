import Dispatch
import Foundation
import Synchronization

/// What Ctrl-C (SIGINT) or SIGTERM does while a video is being written.
///
/// An export (`opta render … -o run.mp4`) is abandoned: every running ffmpeg (with whatever it
/// started) is killed, every partial file removed, and Opta exits with 128 + the signal's number,
/// so an interrupted export leaves no file and no process behind. (`kill -9` cannot be handled; there the child dies with
/// Opta by PR_SET_PDEATHSIG and its nameless output file with it.)
///
/// A live recording (`opta view --record-video`) registers a finisher first: the first signal
/// calls it (the window closes as if Q was pressed, and the video is finished and named), and only
/// a second signal abandons everything as above.
///
/// The handlers run on a Dispatch queue, not in a signal handler, so they may lock, print and wait.
/// Also ignores SIGPIPE, so a child that stops reading makes `write` fail instead of killing Opta.
public enum ExportInterruption {
    /// A running export: its ffmpeg and its named partial file, if any.
    struct Active: Sendable {
        let pid: pid_t
        let partialPath: String?
    }

    private struct State: Sendable {
        var active: [Int: Active] = [:]
        var nextID = 0
        /// Called on the first signal instead of abandoning (a live recording's graceful end).
        var finisher: (@Sendable () -> Void)?
        /// Signals received so far.
        var signals = 0
    }

    /// Held while a finished video is being named, and by `abandon` until the process exits: so a
    /// signal either comes before the name (nothing is left) or after it (the whole video is).
    private static let state = Mutex(State())
    /// The signal sources; kept here because a source that is released stops delivering.
    private static let sources = Mutex<[any DispatchSourceSignal]>([])

    /// Registers an export (installing the handlers on first use); returns its key for `forget`.
    static func register(_ entry: Active) -> Int {
        installOnce()
        return state.withLock { state in
            state.nextID += 1
            state.active[state.nextID] = entry
            return state.nextID
        }
    }

    /// The export ended (its child was reaped): nothing left to clean up for it.
    static func forget(_ id: Int) {
        _ = state.withLock { $0.active.removeValue(forKey: id) }
    }

    /// Runs `body` (naming a finished video) where no signal can abandon the export half-way.
    static func withoutInterruption<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        try state.withLock { _ throws(E) in try body() }
    }

    /// Makes the first SIGINT or SIGTERM call `finisher` (on a Dispatch queue; it must only ask for
    /// the end, e.g. set a flag the frame loop polls) and say on standard error that a second one
    /// discards the video; nil makes every signal abandon again. Installs the handlers now, so a
    /// signal from here on is Opta's to handle.
    public static func finishOnFirstSignal(_ finisher: (@Sendable () -> Void)?) {
        installOnce()
        state.withLock { $0.finisher = finisher }
    }

    private static func installOnce() {
        sources.withLock { sources in
            guard sources.isEmpty else { return }
            signal(SIGPIPE, SIG_IGN)
            // A queue of their own (an overcommitting one): on the global queues the handler could
            // wait behind worker threads that are blocked, e.g. on an ffmpeg still finishing.
            let queue = DispatchQueue(label: "opta.export-signals", qos: .userInteractive)
            for number in [SIGINT, SIGTERM] {
                signal(number, SIG_IGN)  // delivered to the source below instead
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                // The handler keeps its source alive: a cycle, harmless as sources live as long as Opta.
                source.setEventHandler { received(number, count: Int(source.data)) }
                source.resume()
                sources.append(source)
            }
            // Dispatch installs its own handler a moment after `resume`, on its manager thread;
            // until then the signals are ignored. Wait for it, so that a Ctrl-C that comes once
            // Opta has said it is recording is never lost (on a busy machine it was).
            for number in [SIGINT, SIGTERM] { waitForDispatchHandler(number) }
        }
    }

    /// Waits (at most two seconds) until `number`'s handler is neither the default nor "ignore".
    private static func waitForDispatchHandler(_ number: Int32) {
        for _ in 0..<2000 {
            var action = sigaction()
            sigaction(number, nil, &action)
            // SIG_DFL is 0 and SIG_IGN 1 as handler addresses.
            if unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) > 1 { return }
            usleep(1000)
        }
    }

    /// `count` signals `number` arrived (Dispatch merges signals that come close together).
    private static func received(_ number: Int32, count: Int) {
        let finisher = state.withLock { state -> (@Sendable () -> Void)? in
            state.signals += max(1, count)
            return state.signals == 1 ? state.finisher : nil
        }
        guard let finisher else { abandon(signal: number) }
        FileHandle.standardError.write(Data("\nopta: finishing the video… press Ctrl-C again to discard it\n".utf8))
        finisher()
    }

    /// Stops every child, removes every partial file, exits.
    private static func abandon(signal number: Int32) -> Never {
        state.withLock { state -> Never in
            for entry in state.active.values {
                FFmpegChild.kill(entry.pid)
                // Reap it, so no zombie is left for whoever adopts it (containers often have no init).
                var status: Int32 = 0
                _ = waitpid(entry.pid, &status, 0)
                if let path = entry.partialPath { unlink(path) }
            }
            let what = state.active.isEmpty ? "" : "; the video was not written"
            FileHandle.standardError.write(Data("\nopta: interrupted\(what)\n".utf8))
            _exit(128 + number)
        }
    }
}
