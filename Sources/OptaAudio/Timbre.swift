import Foundation

/// A path's voice: a mix of harmonics, different for each of the first four paths (then repeating,
/// told apart by their stereo position). Normalized so every voice has the same peak.
struct Timbre: Sendable, Equatable {
    /// Amplitudes of harmonics 1, 2, 3, …
    let harmonics: [Double]

    /// Pure, bright (even and odd), hollow (odd only, like a clarinet), buzzy (like a sawtooth).
    static let voices: [Timbre] = [
        Timbre(harmonics: [1]),
        Timbre(harmonics: [1, 0.6, 0.3]),
        Timbre(harmonics: [1, 0, 1.0 / 3, 0, 1.0 / 5]),
        Timbre(harmonics: [1, 1.0 / 2, 1.0 / 3, 1.0 / 4, 1.0 / 5]),
    ]

    static func voice(_ index: Int) -> Timbre { voices[index % voices.count] }

    /// The waveform at `phase` (in cycles, 0…1).
    func sample(phase: Double) -> Double {
        var sum = 0.0
        for (k, amplitude) in harmonics.enumerated() where amplitude != 0 {
            sum += amplitude * sin(2 * Double.pi * Double(k + 1) * phase)
        }
        return sum / harmonics.reduce(0, +)
    }
}
