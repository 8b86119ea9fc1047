import Foundation
import OptaA11y

/// The short sound of an audio-graph event, above the paths' pitch range (880 Hz) so it never
/// masks or is masked by them: a high blip at a path's start, a tick at a contour crossing, a
/// rising major arpeggio on convergence, a falling buzz on divergence.
struct Earcon: Sendable {
    /// The notes: frequency and length in seconds, played one after another.
    let notes: [(frequency: Double, seconds: Double)]
    let gain: Double

    init(_ kind: AudioGraph.Event.Kind) {
        switch kind {
        case .start: notes = [(Self.startPitch, 0.05)]; gain = 0.25
        case .contourCrossing: notes = [(Self.crossingPitch, 0.025)]; gain = 0.15
        case .converged: notes = [(1046.5, 0.07), (1318.5, 0.07), (Self.convergedPitch, 0.12)]; gain = 0.25
        case .diverged: notes = [(Self.divergedPitch, 0.08), (1244.5, 0.08), (987.8, 0.14)]; gain = 0.25
        }
    }

    /// How long it sounds.
    var seconds: Double { notes.reduce(0) { $0 + $1.seconds } }

    /// The notes tests listen for.
    static let startPitch = 2093.0, crossingPitch = 2637.0, convergedPitch = 1568.0, divergedPitch = 1975.5

    /// Mixes the earcon into interleaved stereo `samples`, starting `at` seconds.
    func add(at start: Double, pan: Double, sampleRate: Int, into samples: inout [Float]) {
        let (left, right) = AudioGraphSynthesizer.gains(pan: pan)
        var first = Int((start * Double(sampleRate)).rounded())
        for note in notes {
            let count = Int(note.seconds * Double(sampleRate))
            let fade = Double(sampleRate) * 0.004
            for n in 0..<count where 2 * (first + n) + 1 < samples.count && first + n >= 0 {
                let envelope = min(1, Double(n) / fade, Double(count - n) / fade)
                let value = gain * envelope * sin(2 * Double.pi * note.frequency * Double(n) / Double(sampleRate))
                samples[2 * (first + n)] += Float(value * left)
                samples[2 * (first + n) + 1] += Float(value * right)
            }
            first += count
        }
    }
}
