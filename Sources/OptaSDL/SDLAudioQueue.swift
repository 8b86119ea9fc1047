import CSDL2
import OptaAudio

/// An SDL audio output device fed by `SDL_QueueAudio`: 32-bit float stereo at 44.1 kHz (SDL
/// converts to what the hardware takes). Sendable: its only state is the device id, and SDL's
/// queue functions lock the device themselves, so any thread may queue, clear or ask how much is
/// queued while SDL's audio thread plays.
public final class SDLAudioQueue: AudioQueue {
    private let device: SDL_AudioDeviceID
    public let sampleRate = 44_100

    /// Opens the default output device (the one `SDL_AUDIODRIVER` names, e.g. `dummy` or `disk`
    /// in tests) and starts it; it plays silence until samples are queued.
    public init() throws(SDLError) {
        guard SDL_InitSubSystem(CSDL2_INIT_AUDIO) == 0 else {
            throw SDLError(noDisplay: false, description: "no audio output (\(String(cString: SDL_GetError())))")
        }
        var wanted = SDL_AudioSpec()
        wanted.freq = Int32(sampleRate)
        wanted.format = CSDL2_AUDIO_F32SYS
        wanted.channels = 2
        wanted.samples = 1024
        var obtained = SDL_AudioSpec()
        let device = SDL_OpenAudioDevice(nil, 0, &wanted, &obtained, 0)
        guard device != 0 else {
            let reason = String(cString: SDL_GetError())
            SDL_QuitSubSystem(CSDL2_INIT_AUDIO)
            throw SDLError(noDisplay: false, description: "cannot open an audio device (\(reason))")
        }
        self.device = device
        SDL_PauseAudioDevice(device, 0)
    }

    deinit {
        SDL_CloseAudioDevice(device)
        SDL_QuitSubSystem(CSDL2_INIT_AUDIO)
    }

    public func enqueue(_ samples: [Float]) {
        // SDL takes at most 4 GiB at once; a clip is far shorter (600 s of stereo is 212 MB).
        samples.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress, bytes.count <= Int(UInt32.max) else { return }
            _ = SDL_QueueAudio(device, base, UInt32(bytes.count))
        }
    }

    public func clear() {
        SDL_ClearQueuedAudio(device)
    }

    public var queuedSeconds: Double {
        Double(SDL_GetQueuedAudioSize(device)) / Double(2 * MemoryLayout<Float>.size * sampleRate)
    }
}
