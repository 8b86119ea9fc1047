import Dispatch
import Foundation
import Synchronization

/// What Ctrl-C (SIGINT) or SIGTERM does while a video is being written: every running ffmpeg is
/// killed, every partial file removed, and Opta exits with 128 + the signal's number, so an
/// interrupted export leaves no file and no process behind. (`kill -9` cannot be handled; there
/// the child dies with Opta by PR_SET_PDEATHSIG and its nameless output file with it.)
///
/// Also ignores SIGPIPE, so a child that stops reading makes `write` fail instead of killing Opta.
enum ExportInterruption {
    /// A running export: its ffmpeg and its named partial file, if any.
    struct Active: Sendable {
        let pid: pid_t
        let partialPath: String?
    }

    private static let active = Mutex<[Int: Active]>([:])
    private static let nextID = Atomic<Int>(0)
    /// The signal sources; kept here because a source that is released stops delivering.
    private static let sources = Mutex<[any DispatchSourceSignal]>([])

    /// Registers an export (installing the handlers on first use); returns its key for `forget`.
    static func register(_ entry: Active) -> Int {
        installOnce()
        let id = nextID.add(1, ordering: .relaxed).newValue
        active.withLock { $0[id] = entry }
        return id
    }

    /// The export ended (its child was reaped): nothing left to clean up for it.
    static func forget(_ id: Int) {
        _ = active.withLock { $0.removeValue(forKey: id) }
    }

    private static func installOnce() {
        sources.withLock { sources in
            guard sources.isEmpty else { return }
            signal(SIGPIPE, SIG_IGN)
            for number in [SIGINT, SIGTERM] {
                signal(number, SIG_IGN)  // delivered to the source below instead
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global(qos: .userInteractive))
                source.setEventHandler { abort(signal: number) }
                source.resume()
                sources.append(source)
            }
        }
    }

    /// Stops every child, removes every partial file, exits.
    private static func abort(signal number: Int32) -> Never {
        let entries = active.withLock { Array($0.values) }
        for entry in entries {
            _ = kill(entry.pid, SIGKILL)
            // Reap it, so no zombie is left for whoever adopts it (containers often have no init).
            var status: Int32 = 0
            _ = waitpid(entry.pid, &status, 0)
            if let path = entry.partialPath { unlink(path) }
        }
        FileHandle.standardError.write(Data("\nopta: interrupted; the video was not written\n".utf8))
        _exit(128 + number)
    }
}
