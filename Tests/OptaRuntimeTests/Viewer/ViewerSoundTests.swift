import Foundation
import OptaA11y
import OptaAudio
import OptaCore
import OptaRaster
import OptaRuntime
import OptaScene
import OptaText
import Synchronization
import Testing

/// An audio output that keeps what it is given. Nothing plays: queued sound stays queued until
/// cleared, unless `plays` is set, when it is played at once (the queue is always empty).
final class RecordingAudioQueue: AudioQueue {
    let sampleRate = 44_100
    let plays: Bool
    private let state = Mutex<(all: [Float], queued: Int, clears: Int)>(([], 0, 0))

    init(plays: Bool = false) { self.plays = plays }

    func enqueue(_ samples: [Float]) {
        state.withLock { s in
            s.all += samples
            if !plays { s.queued += samples.count }
        }
    }

    func clear() { state.withLock { s in s.queued = 0; s.clears += 1 } }
    var queuedSeconds: Double { state.withLock { Double($0.queued) / Double(2 * sampleRate) } }
    var received: [Float] { state.withLock { $0.all } }
    var clears: Int { state.withLock { $0.clears } }
}

@Suite(.serialized) struct ViewerSoundTests {
    static let logged = ViewerJumpKeyTests.scenario

    @Test func aPlaysTheFocusedPathsAudioGraphAndAgainStopsIt() throws {
        let scenario = try ScenarioLoader.parse(Data("""
            {"version": 1, "size": {"width": 640, "height": 360}, "landscape": {"function": "rosenbrock"},
             "paths": [{"name": "first", "points": [[-1.5, 2.5], [1, 1]]},
                       {"name": "second", "points": [[-1.5, 2.5], [-1, 1], [0, 0], [0.5, 0.25], [1, 1]]}]}
            """.utf8))
        var options = ViewerSession.Options()
        options.replay = Trace()
        options.maxFrames = 12
        let source = KeySource(SIMD2(640, 360), keys: [6: [.l, .end, .a]])
        let session = try ViewerSession(scenario: scenario, fonts: try FontLibrary.loadDefault(), options: options,
                                        viewSize: source.drawableSize, clock: ManualFrameClock())
        let output = RecordingAudioQueue()
        var opened = 0
        session.sound = ViewerSound(openClips: { opened += 1; return output }, live: nil)
        var said: [String] = []
        session.onAudio = { said.append($0) }
        let report = session.run(source: source, sink: source)
        let clips = try #require(session.sound?.clips)
        clips.waitUntilMade()
        #expect(said == ["playing the audio graph of first"], "End went to the first path's end")
        #expect(opened == 1)

        // What was queued is that path's audio graph, sample for sample.
        var headless = try HeadlessSession(scenario: scenario)
        headless.replay(Trace(), through: 6)
        let graph = try AudioGraphBuilder.graph(for: headless.renderState, pathNames: ["first"])
        let expected = AudioGraphSynthesizer(sampleRate: 44_100, seconds: 4).render(graph)
        #expect(!expected.isEmpty && output.received == expected)
        #expect(report.focusedNode == "path/first/end")
        #expect(output.clears == 1, "A cleared what played before")
    }

    @Test func aAgainWhilePlayingStops() throws {
        var options = ViewerSession.Options()
        options.replay = Trace()
        options.maxFrames = 12
        let source = KeySource(SIMD2(640, 360), keys: [5: [.rightBracket, .a], 8: [.a], 10: [.a]])
        let session = try ViewerSession(scenario: try ScenarioLoader.parse(Data(Self.logged.utf8)), fonts: try FontLibrary.loadDefault(),
                                        options: options, viewSize: source.drawableSize, clock: ManualFrameClock())
        let output = RecordingAudioQueue()
        session.sound = ViewerSound(openClips: { output }, live: nil)
        var said: [String] = []
        session.onAudio = { said.append($0) }
        _ = session.run(source: source, sink: source)
        session.sound?.clips?.waitUntilMade()
        #expect(said == ["playing the audio graph of logged", "audio graph stopped", "playing the audio graph of logged"])
    }

    @Test func withoutSoundATellsSo() throws {
        var options = ViewerSession.Options()
        options.replay = Trace()
        options.maxFrames = 4
        let source = KeySource(SIMD2(640, 360), keys: [2: [.a]])
        let session = try ViewerSession(scenario: try ScenarioLoader.parse(Data(Self.logged.utf8)), fonts: try FontLibrary.loadDefault(),
                                        options: options, viewSize: source.drawableSize, clock: ManualFrameClock())
        struct NoDevice: Error, CustomStringConvertible { var description: String { "no device here" } }
        session.sound = ViewerSound(openClips: { throw NoDevice() }, live: nil)
        var said: [String] = []
        session.onAudio = { said.append($0) }
        _ = session.run(source: source, sink: source)
        #expect(said == ["no sound: no device here"])
    }

    @Test func liveSonificationFollowsTheSolverAndSoundsItsConvergence() throws {
        let scenario = try ScenarioLoader.parse(Data("""
            {"version": 1, "size": {"width": 320, "height": 200}, "landscape": {"function": "booth"},
             "solvers": [{"id": "nm", "method": "nelder-mead", "start": [0, 0], "steps": 500}], "stepsPerFrame": 5}
            """.utf8))
        var options = ViewerSession.Options()
        options.replay = Trace()
        options.maxFrames = 60
        let source = KeySource(SIMD2(320, 200), keys: [:])
        let session = try ViewerSession(scenario: scenario, fonts: try FontLibrary.loadDefault(), options: options,
                                        viewSize: source.drawableSize, clock: ManualFrameClock())
        let live = RecordingAudioQueue(plays: true)
        session.sound = ViewerSound(openClips: { RecordingAudioQueue() }, live: live)
        _ = session.run(source: source, sink: source)
        var headless = try HeadlessSession(scenario: scenario)
        headless.replay(Trace(), through: 59)
        #expect(headless.runs[0].status == .converged)
        let samples = live.received
        // Every frame while the solver ran topped the queue up by the lead (the fake plays at once).
        let perFrame = Int(ViewerSound.lead * 44_100) * 2
        #expect(samples.count % perFrame == 0 && samples.count >= 10 * perFrame)
        // It converged: the arpeggio's top note sounds after the tone.
        let mono = stride(from: 0, to: samples.count, by: 2).map { Double(samples[$0]) }
        let tail = mono.count - 6 * perFrame / 2
        let arpeggio = AudioAnalysisLite.magnitude(mono, at: 1568, start: max(tail, 0), length: mono.count - max(tail, 0))
        let opening = AudioAnalysisLite.magnitude(mono, at: 1568, start: 0, length: 3 * perFrame / 2)
        #expect(arpeggio > 0.005 && opening < arpeggio / 10, "\(arpeggio) \(opening)")
    }
}

/// The size of one frequency in a stretch of signal (a single DFT bin, normalized to amplitude).
enum AudioAnalysisLite {
    static func magnitude(_ signal: [Double], at frequency: Double, start: Int, length: Int, sampleRate: Double = 44_100) -> Double {
        var re = 0.0, im = 0.0
        for n in 0..<length where start + n < signal.count {
            let angle = 2 * Double.pi * frequency * Double(n) / sampleRate
            re += signal[start + n] * cos(angle)
            im -= signal[start + n] * sin(angle)
        }
        return 2 * (re * re + im * im).squareRoot() / Double(max(length, 1))
    }
}
