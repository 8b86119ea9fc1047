import OptaAudio
import OptaCore
import OptaScene

/// The viewer's sound: A plays the focused path's audio graph (built and synthesized on a
/// background queue, so the frame loop never waits), and with live sonification each frame tops up
/// the followed solver's live audio graph a little ahead of the player. Where the sound goes (SDL
/// audio, a fake in tests) comes in as `AudioQueue`s. Used from the render thread.
public final class ViewerSound {
    /// Plays A's audio graphs; opened on the first A, so a session that never plays one never
    /// opens an audio device.
    public private(set) var clips: ClipPlayer?
    let openClips: () throws -> any AudioQueue
    /// Where the live audio graph goes; nil when live sonification is off.
    let live: (any AudioQueue)?
    var voice: LiveVoice
    var sonification = LiveSonification()
    /// How long A's audio graph of the longest path plays, in seconds.
    public var seconds = 4.0
    /// Seconds of live sound kept queued ahead of the player: enough to ride over a late frame,
    /// short enough that the pitch follows the solver closely.
    public static let lead = 0.1

    /// `openClips` opens the output for A's audio graphs when first needed; `live` is where the
    /// live audio graph goes (nil: live sonification off).
    public init(openClips: @escaping () throws -> any AudioQueue, live: (any AudioQueue)? = nil) {
        self.openClips = openClips
        self.live = live
        voice = LiveVoice(sampleRate: live?.sampleRate ?? 44_100)
    }

    /// A: plays the audio graph of the path named `path` (the first path when nil or not a path of
    /// the frame), or stops the one playing. Returns what happened, to tell the user.
    func toggle(path: String?, in state: RenderState) -> String {
        let clips: ClipPlayer
        if let open = self.clips {
            clips = open
        } else {
            do { clips = ClipPlayer(output: try openClips()) } catch { return "no sound: \(error)" }
            self.clips = clips
        }
        if clips.isPlaying {
            clips.stop()
            return "audio graph stopped"
        }
        let names = state.scenario.paths.map(\.name)
        guard let name = path.flatMap({ names.contains($0) ? $0 : nil }) ?? names.first else {
            return "no audio graph: this frame has no paths"
        }
        let synthesizer = AudioGraphSynthesizer(sampleRate: clips.output.sampleRate, seconds: seconds)
        clips.play {
            (try? AudioGraphBuilder.graph(for: state, pathNames: [name])).map(synthesizer.render)
        }
        return "playing the audio graph of \(name)"
    }

    /// One frame of live sonification: the cue for `solvers`, rendered and queued up to `lead`
    /// seconds ahead. Does nothing when live sonification is off.
    func liveFrame(solvers: [SolverSnapshot], following name: String?, level: (Double) -> Double?) {
        guard let live else { return }
        let cue = sonification.cue(solvers: solvers, following: name, level: level)
        for event in cue.events { voice.trigger(event) }
        let missing = Self.lead - live.queuedSeconds
        guard missing > 0, cue.level != nil || !voice.isQuiet else { return }
        live.enqueue(voice.render(level: cue.level, frames: Int(missing * Double(live.sampleRate))))
    }
}
