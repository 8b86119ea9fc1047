import Foundation
import OptaA11y

/// Turns an `AudioGraph` into stereo samples: time is the step (one axis shared by every path,
/// so a path that converges sooner ends sooner), pitch is f's place on the colour scale (two
/// octaves, 220 Hz at the lowest colour to 880 Hz at the highest), each path has its own timbre
/// and stereo position, and events get short earcons above the paths' pitch range. Pure: the same
/// graph gives the same samples.
public struct AudioGraphSynthesizer: Sendable {
    public var sampleRate = 44_100
    /// How long the longest path plays.
    public var seconds = 4.0
    /// Whether the paths play at once (true) or one after another with a short pause (false).
    public var together = false

    /// The lowest and highest pitch, for f at the bottom and the top of the colour scale.
    public static let lowestPitch = 220.0
    public static let highestPitch = 880.0
    /// The pause between paths played one after another.
    public static let pause = 0.3

    public init(sampleRate: Int = 44_100, seconds: Double = 4, together: Bool = false) {
        self.sampleRate = sampleRate
        self.seconds = seconds
        self.together = together
    }

    /// The pitch of a level on the colour scale (0…1).
    public static func pitch(ofLevel level: Double) -> Double {
        lowestPitch * pow(highestPitch / lowestPitch, min(max(level, 0), 1))
    }

    /// When (seconds from the start of its path) step `step` of a path sounds, given the longest
    /// path's step count.
    public func time(ofStep step: Int, longest: Int) -> Double {
        longest > 1 ? seconds * Double(step) / Double(longest - 1) : 0
    }

    /// Where each path starts, in seconds.
    public func offsets(for graph: AudioGraph) -> [Double] {
        let longest = graph.series.map(\.levels.count).max() ?? 0
        var offsets: [Double] = []
        var next = 0.0
        for series in graph.series {
            offsets.append(together ? 0 : next)
            next += time(ofStep: max(series.levels.count - 1, 0), longest: longest) + Self.pause
        }
        return offsets
    }

    /// Interleaved stereo samples (left, right) in −1…1.
    public func render(_ graph: AudioGraph) -> [Float] {
        let longest = graph.series.map(\.levels.count).max() ?? 0
        let offsets = offsets(for: graph)
        let end = zip(graph.series, offsets).map { $1 + time(ofStep: max($0.levels.count - 1, 0), longest: longest) }.max() ?? 0
        let frameCount = Int(((end + 0.5) * Double(sampleRate)).rounded(.up))  // room for the last earcon
        var samples = [Float](repeating: 0, count: 2 * frameCount)
        let gain = together ? 0.3 / Double(max(graph.series.count, 1)).squareRoot() : 0.3
        for (index, series) in graph.series.enumerated() {
            let pan = Self.pan(index: index, count: graph.series.count)
            let voice = Timbre.voice(index)
            addTone(series, voice: voice, pan: pan, gain: gain, from: offsets[index], longest: longest, into: &samples)
            for event in series.events where event.step < max(series.levels.count, 1) {
                let at = offsets[index] + time(ofStep: event.step, longest: longest)
                Earcon(event.kind).add(at: at, pan: pan, sampleRate: sampleRate, into: &samples)
            }
        }
        for i in samples.indices { samples[i] = max(-1, min(1, samples[i])) }
        return samples
    }

    /// Stereo position of path `index` of `count`, −1 (left) … 1 (right).
    public static func pan(index: Int, count: Int) -> Double {
        count > 1 ? -0.8 + 1.6 * Double(index) / Double(count - 1) : 0
    }

    private func addTone(_ series: AudioGraph.Series, voice: Timbre, pan: Double, gain: Double, from start: Double,
                         longest: Int, into samples: inout [Float]) {
        let levels = series.levels
        guard levels.count > 1 else { return }
        let duration = time(ofStep: levels.count - 1, longest: longest)
        let first = Int((start * Double(sampleRate)).rounded()), count = Int((duration * Double(sampleRate)).rounded())
        let (left, right) = Self.gains(pan: pan)
        var phase = 0.0
        let fade = Double(sampleRate) * 0.005
        for n in 0..<count where 2 * (first + n) + 1 < samples.count {
            // Where between two steps this sample lies; the pitch glides linearly between them.
            let position = Double(n) / Double(max(count - 1, 1)) * Double(levels.count - 1)
            let i = min(Int(position), levels.count - 2)
            let a = levels[i], b = levels[i + 1]
            guard a.isFinite, b.isFinite else { continue }  // undefined f: silence
            let level = a + (b - a) * (position - Double(i))
            phase += Self.pitch(ofLevel: level) / Double(sampleRate)
            phase -= phase.rounded(.down)
            let envelope = min(1, Double(n) / fade, Double(count - n) / fade)
            let value = gain * envelope * voice.sample(phase: phase)
            samples[2 * (first + n)] += Float(value * left)
            samples[2 * (first + n) + 1] += Float(value * right)
        }
    }

    /// Equal-power gains of a stereo position.
    static func gains(pan: Double) -> (Double, Double) {
        let angle = (pan + 1) * Double.pi / 4
        return (cos(angle), sin(angle))
    }
}
