import Testing
@testable import OptaCore

@Suite("SIMD transcendental approximations")
struct VectorMathTests {
    typealias Lanes = SIMD8<Float>

    /// Runs `vector` over `inputs` eight at a time and compares with `scalar` lane by lane.
    func compare(_ inputs: [Float], tolerance: Float,
                 _ vector: (Lanes) -> Lanes, _ scalar: (Float) -> Float) {
        var padded = inputs
        while padded.count % 8 != 0 { padded.append(1) }
        for start in stride(from: 0, to: padded.count, by: 8) {
            var lanes = Lanes()
            for l in 0..<8 { lanes[l] = padded[start + l] }
            let out = vector(lanes)
            for l in 0..<8 {
                let x = lanes[l], expected = scalar(x), got = out[l]
                if expected.isNaN || got.isNaN {
                    #expect(expected.isNaN && got.isNaN, "x = \(x): \(got) vs \(expected)")
                } else if expected.isInfinite || got.isInfinite {
                    #expect(expected == got, "x = \(x): \(got) vs \(expected)")
                } else {
                    #expect(abs(got - expected) <= tolerance * max(1, abs(expected)), "x = \(x): \(got) vs \(expected)")
                }
            }
        }
    }

    static func grid(_ range: ClosedRange<Float>, count: Int) -> [Float] {
        (0..<count).map { range.lowerBound + (range.upperBound - range.lowerBound) * Float($0) / Float(count - 1) }
    }

    static let specials: [Float] = [0, -0.0, .nan, .infinity, -.infinity, 1e-40, -1e-40, 1e30, -1e30, 9000, -9000]

    @Test func sinAndCos() {
        let inputs = Self.grid(-100...100, count: 4001) + Self.grid(-8192...8192, count: 801) + Self.specials
        compare(inputs, tolerance: 2e-6, { VectorMath.sinCos($0).sin }, { Float.sin($0) })
        compare(inputs, tolerance: 2e-6, { VectorMath.sinCos($0).cos }, { Float.cos($0) })
    }

    @Test func exponential() {
        let inputs = Self.grid(-87...88.7, count: 4001) + [88.8, 89, 100, -87.5, -200] + Self.specials
        compare(inputs, tolerance: 2e-6, VectorMath.exp, { $0 < -87.3 ? 0 : Float.exp($0) })
    }

    @Test func logarithm() {
        let inputs = Self.grid(1e-6...10, count: 2001) + Self.grid(10...1e6, count: 501)
            + [-1, -0.5, 1e-38, 3e38, Float.leastNormalMagnitude] + Self.specials
        compare(inputs, tolerance: 2e-6, VectorMath.log, { Float.log($0) })
    }
}
