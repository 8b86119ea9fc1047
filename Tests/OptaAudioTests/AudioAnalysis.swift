import Foundation

/// Measurements a listener's ear makes, done numerically on rendered samples.
enum AudioAnalysis {
    /// One channel of interleaved stereo.
    static func channel(_ samples: [Float], _ index: Int) -> [Double] {
        stride(from: index, to: samples.count, by: 2).map { Double(samples[$0]) }
    }

    /// The mono mix.
    static func mono(_ samples: [Float]) -> [Double] {
        stride(from: 0, to: samples.count - 1, by: 2).map { Double(samples[$0]) + Double(samples[$0 + 1]) }
    }

    /// The fundamental frequency of `signal[start..<start+length]` by autocorrelation (the first
    /// peak of the normalized autocorrelation within the lags of `range` Hz); nil for silence.
    static func pitch(_ signal: [Double], start: Int, length: Int, sampleRate: Double,
                      range: ClosedRange<Double> = 150...1000) -> Double? {
        guard start >= 0, start + length <= signal.count else { return nil }
        let window = Array(signal[start..<start + length])
        let energy = window.reduce(0) { $0 + $1 * $1 }
        guard energy > 1e-6 else { return nil }
        let minLag = Int(sampleRate / range.upperBound), maxLag = Int(sampleRate / range.lowerBound)
        var correlations: [Double] = []
        for lag in minLag...maxLag {
            var sum = 0.0
            for i in 0..<(length - lag) { sum += window[i] * window[i + lag] }
            correlations.append(sum / energy)
        }
        // The first lag whose correlation is within 90 % of the best: the period, not a multiple.
        guard let best = correlations.max(), best > 0.3 else { return nil }
        guard var index = correlations.firstIndex(where: { $0 >= 0.9 * best }) else { return nil }
        while index + 1 < correlations.count && correlations[index + 1] > correlations[index] { index += 1 }
        // Parabolic interpolation of the peak for sub-sample precision.
        var lag = Double(index + minLag)
        if index > 0 && index + 1 < correlations.count {
            let a = correlations[index - 1], b = correlations[index], c = correlations[index + 1]
            let denominator = a - 2 * b + c
            if denominator != 0 { lag += 0.5 * (a - c) / denominator }
        }
        return sampleRate / lag
    }

    /// The magnitude of frequency `frequency` in `signal[start..<start+length]` (Goertzel).
    static func magnitude(_ signal: [Double], at frequency: Double, start: Int, length: Int, sampleRate: Double) -> Double {
        let end = min(start + length, signal.count)
        guard start >= 0, start < end else { return 0 }
        let w = 2 * Double.pi * frequency / sampleRate, coefficient = 2 * cos(w)
        var s1 = 0.0, s2 = 0.0
        let count = Double(end - start)
        for i in start..<end {
            // A Hann window keeps a strong tone nearby from leaking into this frequency.
            let hann = 0.5 - 0.5 * cos(2 * Double.pi * Double(i - start) / count)
            let s = hann * signal[i] + coefficient * s1 - s2
            s2 = s1
            s1 = s
        }
        return (s1 * s1 + s2 * s2 - coefficient * s1 * s2).squareRoot() / Double(end - start)
    }

    /// Root mean square of `signal`.
    static func rms(_ signal: [Double]) -> Double {
        (signal.reduce(0) { $0 + $1 * $1 } / Double(max(signal.count, 1))).squareRoot()
    }

    /// Pearson correlation.
    static func correlation(_ a: [Double], _ b: [Double]) -> Double {
        let n = Double(a.count)
        let ma = a.reduce(0, +) / n, mb = b.reduce(0, +) / n
        var sab = 0.0, saa = 0.0, sbb = 0.0
        for (x, y) in zip(a, b) {
            sab += (x - ma) * (y - mb)
            saa += (x - ma) * (x - ma)
            sbb += (y - mb) * (y - mb)
        }
        return sab / (saa * sbb).squareRoot()
    }
}
