import Foundation
import Testing
import OptaA11y
@testable import OptaAudio
@testable import OptaCore
@testable import OptaScene

@Suite("Audio graphs: what the ear hears follows the paths")
struct AudioGraphSynthesizerTests {
    static let rate = 44_100.0

    /// R1 with its Adam run replaced by `method` from (−1.5, 2.5), as the scene's colour scale places f.
    static func graph(_ method: SolverMethod, parameters: [String: Double] = [:], steps: Int) throws -> AudioGraph {
        var scenario = DefaultScenario.scenario()
        scenario.solvers = [SolverSpec(id: "run", method: method, start: SIMD2(-1.5, 2.5), steps: steps,
                                       parameters: parameters)]
        var session = try HeadlessSession(scenario: scenario)
        session.runToCompletion()
        return try AudioGraphBuilder.graph(for: session.renderState, pathNames: ["run"])
    }

    @Test func pitchFollowsTheScaledValueAndFallsAsTheSolverConverges() throws {
        let graph = try Self.graph(.adam, parameters: ["learningRate": 0.1], steps: 400)
        let series = try #require(graph.series.first)
        #expect(graph.series.count == 1 && series.levels.count == 401)
        let synthesizer = AudioGraphSynthesizer(seconds: 4)
        let mono = AudioAnalysis.mono(synthesizer.render(graph))
        // Pitch per 20 ms window, skipping windows that hold an earcon (start, contour crossings).
        let window = Int(0.02 * Self.rate)
        let earconTimes = series.events.map { synthesizer.time(ofStep: $0.step, longest: 401) }
        var heard: [Double] = [], expected: [Double] = []
        var start = 0
        while start + window < Int(4 * Self.rate) {
            let t = (Double(start) + Double(window) / 2) / Self.rate
            if !earconTimes.contains(where: { t > $0 - 0.04 && t < $0 + 0.08 }),
               let f0 = AudioAnalysis.pitch(mono, start: start, length: window, sampleRate: Self.rate) {
                let position = t / 4 * 400
                let i = min(Int(position), 399)
                let level = series.levels[i] + (series.levels[i + 1] - series.levels[i]) * (position - Double(i))
                heard.append(log2(f0))
                expected.append(log2(AudioGraphSynthesizer.pitch(ofLevel: level)))
            }
            start += window
        }
        #expect(heard.count > 100, "\(heard.count) windows with a pitch")
        let r = AudioAnalysis.correlation(heard, expected)
        #expect(r >= 0.95, "pitch track correlates \(r) with the scaled f")
        let firstQuarter = heard.prefix(heard.count / 4).reduce(0, +) / Double(heard.count / 4)
        let lastQuarter = heard.suffix(heard.count / 4).reduce(0, +) / Double(heard.count / 4)
        #expect(lastQuarter < firstQuarter - 0.5, "the pitch falls as f falls: \(firstQuarter) → \(lastQuarter) octaves")
        // L-BFGS reaches the minimum: its last tone sits at the bottom of the range.
        let lbfgs = try #require(try Self.graph(.lbfgs, steps: 400).series.first)
        #expect(lbfgs.levels.last == 0 && lbfgs.events.last?.kind == .converged)
    }

    @Test func twoPathsDifferInTimbreAndPan() throws {
        let flat = [Double](repeating: 0.5, count: 50)
        let graph = AudioGraph(title: "two", series: [
            AudioGraph.Series(name: "a", levels: flat, events: []),
            AudioGraph.Series(name: "b", levels: flat, events: []),
        ])
        let samples = AudioGraphSynthesizer(seconds: 1, together: false).render(graph)
        let left = AudioAnalysis.channel(samples, 0), right = AudioAnalysis.channel(samples, 1)
        let rate = Int(Self.rate)
        let first = 0..<rate, second = Int(1.3 * Self.rate)..<Int(2.3 * Self.rate)
        // Pan: the first path is on the left, the second on the right.
        #expect(AudioAnalysis.rms(Array(left[first])) > 3 * AudioAnalysis.rms(Array(right[first])))
        #expect(AudioAnalysis.rms(Array(right[second])) > 3 * AudioAnalysis.rms(Array(left[second])))
        // Timbre: the same pitch (440 Hz), but only the second voice has a second harmonic.
        let f0 = AudioGraphSynthesizer.pitch(ofLevel: 0.5)
        let a = Array(left[first]), b = Array(right[second])
        func ratio(_ s: [Double]) -> Double {
            AudioAnalysis.magnitude(s, at: 2 * f0, start: 2000, length: 20_000, sampleRate: Self.rate)
                / AudioAnalysis.magnitude(s, at: f0, start: 2000, length: 20_000, sampleRate: Self.rate)
        }
        #expect(ratio(a) < 0.01 && ratio(b) > 0.3, "second-harmonic ratios \(ratio(a)), \(ratio(b))")
    }

    @Test func earconsSoundWhereStatusesChange() throws {
        let levels = (0..<100).map { 1 - Double($0) / 99 }
        let graph = AudioGraph(title: "one", series: [
            AudioGraph.Series(name: "a", levels: levels, events: [
                AudioGraph.Event(step: 0, kind: .start), AudioGraph.Event(step: 99, kind: .converged),
            ]),
            AudioGraph.Series(name: "b", levels: levels.reversed(), events: [
                AudioGraph.Event(step: 0, kind: .start), AudioGraph.Event(step: 60, kind: .diverged),
            ]),
        ])
        let synthesizer = AudioGraphSynthesizer(seconds: 2, together: true)
        let mono = AudioAnalysis.mono(synthesizer.render(graph))
        let window = Int(0.03 * Self.rate)
        func heard(_ pitch: Double, at seconds: Double) -> Double {
            AudioAnalysis.magnitude(mono, at: pitch, start: Int(seconds * Self.rate), length: window, sampleRate: Self.rate)
        }
        let converged = synthesizer.time(ofStep: 99, longest: 100) + 0.14  // the arpeggio's last note
        let diverged = synthesizer.time(ofStep: 60, longest: 100)
        #expect(heard(Earcon.startPitch, at: 0.005) > 20 * heard(Earcon.startPitch, at: 1.0))
        #expect(heard(Earcon.convergedPitch, at: converged) > 20 * heard(Earcon.convergedPitch, at: 1.0))
        #expect(heard(Earcon.divergedPitch, at: diverged) > 20 * heard(Earcon.divergedPitch, at: 0.5))
        // At the divergence only the paths' own harmonics come near the convergence note.
        #expect(heard(Earcon.convergedPitch, at: diverged) < heard(Earcon.convergedPitch, at: converged) / 5)
    }

    @Test func wavBytesAreAPlayableWAVFile() throws {
        let samples: [Float] = (0..<4410).flatMap { n -> [Float] in
            let v = Float(sin(2 * Double.pi * 440 * Double(n) / Self.rate) * 0.5)
            return [v, -v]
        }
        let bytes = try WAVEncoder.encode(samples)
        #expect(bytes.count == 44 + 4410 * 4)
        #expect(Array(bytes[0..<4]) == Array("RIFF".utf8) && Array(bytes[8..<16]) == Array("WAVEfmt ".utf8))
        let channels = UInt16(bytes[22]) | UInt16(bytes[23]) << 8
        let rate = UInt32(bytes[24]) | UInt32(bytes[25]) << 8 | UInt32(bytes[26]) << 16 | UInt32(bytes[27]) << 24
        #expect(channels == 2 && rate == 44_100)
        #expect(throws: AudioError.self) { try WAVEncoder.encode([0, 0, 0], channels: 2) }
    }

    @Test func unknownPathNamesThePresentOnes() throws {
        var session = try HeadlessSession(scenario: DefaultScenario.scenario())
        session.runToCompletion()
        #expect(throws: AudioGraphError.self) { try AudioGraphBuilder.graph(for: session.renderState, pathNames: ["sgd"]) }
    }
}
