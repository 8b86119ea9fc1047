import Foundation
import OptaA11y
import Synchronization
import Testing
@testable import OptaAudio

/// The live voice: its pitch follows the level chunk by chunk without clicks at the joins; it fades
/// out with no level; earcons sound when triggered.
@Suite struct LiveVoiceTests {
    static let rate = 44_100.0
    static let chunk = 2205  // 50 ms, long enough to hear a pitch in half of one

    @Test func pitchFollowsTheLevelAcrossChunks() {
        var voice = LiveVoice()
        var samples: [Float] = []
        let levels = (0..<40).map { Double($0) / 39 }
        for level in levels { samples += voice.render(level: level, frames: Self.chunk) }
        let mono = AudioAnalysis.mono(samples)
        // Each chunk ends at its level: measure the pitch over the second half of every fifth chunk.
        for i in stride(from: 5, to: levels.count, by: 5) {
            let start = i * Self.chunk + Self.chunk / 2
            let heard = try! #require(AudioAnalysis.pitch(mono, start: start, length: Self.chunk / 2, sampleRate: Self.rate))
            let expected = AudioGraphSynthesizer.pitch(ofLevel: levels[i])
            #expect(abs(log2(heard / expected)) < 0.05, "chunk \(i): heard \(heard) Hz, expected \(expected) Hz")
        }
        // No click at the joins: no sample-to-sample step larger than the tone's own at 880 Hz.
        let left = AudioAnalysis.channel(samples, 0)
        let largest = zip(left, left.dropFirst()).map { abs($1 - $0) }.max() ?? 0
        #expect(largest <= 0.2 * 0.71 * 2 * Double.pi * 880 / Self.rate * 1.05)
    }

    @Test func withoutALevelItFadesOutAndFallsQuiet() {
        var voice = LiveVoice()
        #expect(voice.isQuiet)
        _ = voice.render(level: 0.5, frames: Self.chunk)
        #expect(!voice.isQuiet)
        let fading = voice.render(level: nil, frames: Self.chunk)
        #expect(voice.isQuiet)
        let fadeFrames = Int(LiveVoice.fade * Self.rate)
        #expect(AudioAnalysis.rms(AudioAnalysis.mono(Array(fading[(2 * fadeFrames + 4)...]))) == 0)
        #expect(AudioAnalysis.rms(AudioAnalysis.mono(Array(fading[..<(fadeFrames)]))) > 0)
        #expect(voice.render(level: nil, frames: Self.chunk).allSatisfy { $0 == 0 })
        #expect(voice.render(level: .nan, frames: Self.chunk).allSatisfy { $0 == 0 }, "an undefined f is silence")
    }

    @Test func anEarconSoundsAcrossChunksThenEnds() {
        var voice = LiveVoice()
        voice.trigger(.converged)
        var samples: [Float] = []
        for _ in 0..<30 { samples += voice.render(level: nil, frames: Self.chunk) }
        #expect(voice.isQuiet)
        let mono = AudioAnalysis.mono(samples)
        // The arpeggio: C6, E6, G6, 70 + 70 + 120 ms.
        let notes: [(Double, Double)] = [(1046.5, 0.0), (1318.5, 0.07), (Earcon.convergedPitch, 0.14)]
        for (frequency, at) in notes {
            let start = Int((at + 0.01) * Self.rate), length = Int(0.05 * Self.rate)
            let present = AudioAnalysis.magnitude(mono, at: frequency, start: start, length: length, sampleRate: Self.rate)
            #expect(present > 0.02, "\(frequency) Hz at \(at) s: \(present)")
        }
        #expect(AudioAnalysis.rms(Array(mono[Int(0.27 * Self.rate)...])) == 0, "then silence")
    }
}

/// Plays on a fake queue: clips are made off the caller's thread; a stop or a newer play wins over
/// a clip still being made.
@Suite struct ClipPlayerTests {
    final class Queue: AudioQueue {
        let sampleRate = 44_100
        let state = Mutex<[Float]>([])
        func enqueue(_ samples: [Float]) { state.withLock { $0 += samples } }
        func clear() { state.withLock { $0 = [] } }
        var queuedSeconds: Double { state.withLock { Double($0.count) / 88_200 } }
        var queued: [Float] { state.withLock { $0 } }
    }

    @Test func playQueuesTheClipAndStopClearsIt() {
        let queue = Queue()
        let player = ClipPlayer(output: queue)
        #expect(!player.isPlaying)
        player.play { [0.5, -0.5] }
        player.waitUntilMade()
        #expect(queue.queued == [0.5, -0.5] && player.isPlaying)
        player.stop()
        #expect(queue.queued.isEmpty && !player.isPlaying)
    }

    @Test func aStopWhileTheClipIsMadeDropsIt() {
        let queue = Queue()
        let player = ClipPlayer(output: queue)
        let gate = DispatchSemaphore(value: 0)
        player.play {
            gate.wait()
            return [1, 1]
        }
        #expect(player.isPlaying, "being made counts as playing")
        player.stop()
        gate.signal()
        player.waitUntilMade()
        #expect(queue.queued.isEmpty && !player.isPlaying)

        // A newer play replaces an older one still being made.
        let first = DispatchSemaphore(value: 0)
        player.play {
            first.wait()
            return [0.1, 0.1]
        }
        player.play { [0.2, 0.2] }
        first.signal()
        player.waitUntilMade()
        #expect(queue.queued == [0.2, 0.2])
    }
}
