import Foundation
import OptaRuntime
import OptaSDL

extension ViewCommand {
    /// The viewer's sound through SDL audio: A's audio graphs (their device opened on the first A)
    /// and, with --sonify, the live audio graph. Without an audio device --sonify says why once
    /// and the window runs silent.
    static func sound(live: Bool) -> ViewerSound {
        var liveQueue: SDLAudioQueue?
        if live {
            do { liveQueue = try SDLAudioQueue() } catch {
                FileHandle.standardError.write(Data("opta: --sonify plays nothing: \(error) (SDL_AUDIODRIVER names the driver)\n".utf8))
            }
        }
        return ViewerSound(openClips: { try SDLAudioQueue() }, live: liveQueue)
    }
}
