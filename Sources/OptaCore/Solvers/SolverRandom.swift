import RealModule

/// xoshiro256** (Blackman & Vigna 2018) seeded by SplitMix64: a small, fast generator whose
/// whole state is four words, so it is Codable and a run restored from JSON draws the same numbers.
/// The words are stored fields, not an array: a draw then touches registers only, with no
/// uniqueness check or bounds check (an array made each draw cost several times as much).
public struct SolverRandom: RandomNumberGenerator, Sendable, Codable, Equatable {
    private var s0, s1, s2, s3: UInt64

    /// The four state words (what a checkpoint stores).
    public var state: [UInt64] { [s0, s1, s2, s3] }

    /// The generator for `seed`; equal seeds give equal sequences.
    public init(seed: UInt64) {
        var splitMix = seed
        var words: [UInt64] = []
        for _ in 0..<4 {
            splitMix &+= 0x9E37_79B9_7F4A_7C15
            var z = splitMix
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            words.append(z ^ (z >> 31))
        }
        (s0, s1, s2, s3) = (words[0], words[1], words[2], words[3])
    }

    public mutating func next() -> UInt64 {
        let result = rotate(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotate(s3, 45)
        return result
    }

    /// A uniform sample in [0, 1) with 53 random bits.
    public mutating func uniform() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A standard normal sample (Box–Muller; the second value of each pair is dropped, so the
    /// state stays just the four words).
    public mutating func normal() -> Double {
        let u1 = 1 - uniform()  // (0, 1]: the logarithm stays finite
        let u2 = uniform()
        return (-2 * Double.log(u1)).squareRoot() * Double.cos(2 * Double.pi * u2)
    }

    /// Two independent standard normal samples.
    public mutating func normal2() -> SIMD2<Double> {
        let x = normal()
        return SIMD2(x, normal())
    }

    private enum CodingKeys: String, CodingKey { case state }

    // Decoding checks the word count, so a damaged checkpoint cannot crash `next()`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let words = try container.decode([UInt64].self, forKey: .state)
        guard words.count == 4, words.contains(where: { $0 != 0 }) else {
            throw DecodingError.dataCorruptedError(forKey: .state, in: container,
                                                   debugDescription: "expected four words, not all zero")
        }
        (s0, s1, s2, s3) = (words[0], words[1], words[2], words[3])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(state, forKey: .state)
    }

    private func rotate(_ x: UInt64, _ k: UInt64) -> UInt64 {
        (x << k) | (x >> (64 - k))
    }
}
