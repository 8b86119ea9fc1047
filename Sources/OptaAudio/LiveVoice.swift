import Foundation
import OptaA11y

/// A live audio graph, as Apple's live Audio Graphs play streaming data: one voice whose pitch is
/// the latest level on the colour scale (0…1, the same mapping as `AudioGraphSynthesizer`), with
/// earcons mixed in as events happen. Rendered in chunks as the data comes in: each chunk glides
/// from the last level to the new one and continues the last chunk's phase, so the joins make no
/// click; the tone fades in when a level appears and out when it goes (nil).
public struct LiveVoice: Sendable {
    public let sampleRate: Int
    /// Peak amplitude of the tone.
    public var gain = 0.2
    /// How long the tone takes to fade in or out, in seconds.
    public static let fade = 0.01
    private var phase = 0.0
    /// The last level sounded (kept while fading out).
    private var level: Double?
    /// The tone's envelope now, 0 (silent) … 1.
    private var amplitude = 0.0
    /// Earcons still sounding, with how many frames of each have played.
    private var earcons: [(earcon: Earcon, played: Int)] = []

    public init(sampleRate: Int = 44_100) {
        self.sampleRate = max(sampleRate, 1)
    }

    /// Whether the voice would render silence with no level: no tone fading, no earcon sounding.
    public var isQuiet: Bool { amplitude == 0 && earcons.isEmpty }

    /// Starts the earcon of `kind` at the beginning of the next chunk.
    public mutating func trigger(_ kind: AudioGraph.Event.Kind) {
        earcons.append((Earcon(kind), 0))
    }

    /// The next `frames` frames, interleaved stereo (the tone in the middle), with the pitch gliding
    /// to `target` (nil: fade out). NaN counts as nil.
    public mutating func render(level target: Double?, frames: Int) -> [Float] {
        let frames = max(frames, 0)
        var samples = [Float](repeating: 0, count: 2 * frames)
        let goal = target.flatMap { $0.isFinite ? min(max($0, 0), 1) : nil }
        let from = level ?? goal ?? 0, to = goal ?? from
        let step = 1 / (Self.fade * Double(sampleRate))
        let (left, right) = AudioGraphSynthesizer.gains(pan: 0)
        if goal != nil || amplitude > 0 {
            for n in 0..<frames {
                amplitude = goal == nil ? max(0, amplitude - step) : min(1, amplitude + step)
                let current = from + (to - from) * Double(n + 1) / Double(frames)
                phase += AudioGraphSynthesizer.pitch(ofLevel: current) / Double(sampleRate)
                phase -= phase.rounded(.down)
                let value = gain * amplitude * sin(2 * Double.pi * phase)
                samples[2 * n] = Float(value * left)
                samples[2 * n + 1] = Float(value * right)
            }
        }
        level = goal ?? (amplitude > 0 ? from : nil)
        for i in earcons.indices {
            earcons[i].earcon.add(at: -Double(earcons[i].played) / Double(sampleRate), pan: 0, sampleRate: sampleRate, into: &samples)
            earcons[i].played += frames
        }
        earcons.removeAll { Double($0.played) >= $0.earcon.seconds * Double(sampleRate) }
        for i in samples.indices { samples[i] = max(-1, min(1, samples[i])) }
        return samples
    }
}
