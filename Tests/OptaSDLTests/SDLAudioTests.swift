import CSDL2
import Foundation
import OptaAudio
import OptaCore
import OptaRuntime
import OptaSDL
import OptaText
import Synchronization
import Testing

/// Passes samples on to SDL's queue and notes how much SDL held right after each.
final class CountingQueue: AudioQueue {
    let inner: SDLAudioQueue
    let heldAfterEnqueue = Mutex<[Double]>([])
    init(_ inner: SDLAudioQueue) { self.inner = inner }
    var sampleRate: Int { inner.sampleRate }
    func enqueue(_ samples: [Float]) {
        inner.enqueue(samples)
        let held = inner.queuedSeconds
        heldAfterEnqueue.withLock { $0.append(held) }
    }
    func clear() { inner.clear() }
    var queuedSeconds: Double { inner.queuedSeconds }
}

/// SDL audio under the dummy driver: what is queued reaches SDL's queue and a stop clears it; the
/// sound itself is not checked. In the window suite, so that no window quits SDL meanwhile.
extension ViewerWindowTests {
    @Test func clipsGoToSDLsAudioQueueAndStopClearsIt() throws {
        setenv("SDL_AUDIODRIVER", "dummy", 1)
        let queue = try SDLAudioQueue()
        let player = ClipPlayer(output: queue)
        player.play { [Float](repeating: 0.1, count: 2 * 44_100 * 10) }
        player.waitUntilMade()
        // 10 s were queued; the dummy device plays them in real time.
        #expect(queue.queuedSeconds > 5 && player.isPlaying)
        player.stop()
        #expect(queue.queuedSeconds == 0 && !player.isPlaying)
    }

    @Test func aInTheWindowPlaysTheFocusedPathThroughSDLAudio() throws {
        setenv("SDL_VIDEODRIVER", Self.driver, 1)
        setenv("SDL_AUDIODRIVER", "dummy", 1)
        let window = try SDLWindow(title: "Opta test", width: 480, height: 300)
        var options = ViewerSession.Options()
        options.record = true
        options.maxFrames = 12
        let session = try ViewerSession(scenario: try Self.scenario(), fonts: try FontLibrary.loadDefault(),
                                        options: options, viewSize: window.drawableSize, clock: ManualFrameClock())
        let counting = Mutex<CountingQueue?>(nil)
        session.sound = ViewerSound(openClips: {
            let queue = CountingQueue(try SDLAudioQueue())
            counting.withLock { $0 = queue }
            return queue
        })
        var said: [String] = []
        session.onAudio = { said.append($0) }
        let script: [Int: [SDL_Event]] = [4: [keyDown(SDLK_END)], 5: [keyDown(SDLK_a)]]
        _ = session.run(source: ScriptedSDLInput(window: window, script: script), sink: window)
        session.sound?.clips?.waitUntilMade()
        let queue = try #require(counting.withLock { $0 })
        let held = queue.heldAfterEnqueue.withLock { $0 }
        #expect(said.count == 1 && said[0].hasPrefix("playing the audio graph of "), "\(said)")
        #expect(held.count == 1 && held[0] > 1, "SDL held the audio graph's seconds of sound: \(held)")
        session.sound?.clips?.stop()
        #expect(queue.queuedSeconds == 0)
        session.sound = nil
    }
}
