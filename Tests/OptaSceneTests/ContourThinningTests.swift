import Shaders
import Testing

/// Contour levels that crowd on screen keep every k-th level, the others fading, and stay as
/// they were where there is room; the 8-lane path for evenly spaced levels agrees with the
/// per-pixel one for any list.
@Suite struct ContourThinningTests {
    /// Levels 0, 1, …, 15 (evenly spaced, step 1).
    static let levels: [Float] = (0..<16).map(Float.init)

    func kept(_ c: Float, pixelsApart: Float, crowded: Float = 3) -> (distance: Float, weight: Float) {
        Self.levels.withUnsafeBufferPointer {
            ContourThinning.nearestKept(c, sortedLevels: $0, gradient: 1 / pixelsApart, crowded: crowded)
        }
    }

    @Test func levelsWithRoomAreLeftAlone() {
        #expect(abs(kept(4.1, pixelsApart: 6).distance - 0.1) < 1e-6 && kept(4.1, pixelsApart: 6).weight == 1)
        #expect(kept(5.45, pixelsApart: 10).weight == 1)
        #expect(abs(kept(5.45, pixelsApart: 10).distance - 0.45) < 1e-6)
    }

    /// One pixel apart with lines three pixels apart at least: every fourth level stays (k = 4,
    /// 4 px apart); multiples of 8 in full, the others at (4 − 3) / 3.
    @Test func crowdedLevelsKeepEveryKthAndFadeTheOddOnes() {
        let atFour = kept(4.1, pixelsApart: 1), atEight = kept(8.2, pixelsApart: 1), between = kept(5.9, pixelsApart: 1)
        #expect(abs(atFour.distance - 0.1) < 1e-6 && abs(atFour.weight - 1.0 / 3) < 1e-6)
        #expect(abs(atEight.distance - 0.2) < 1e-6 && atEight.weight == 1)
        #expect(abs(between.distance - 1.9) < 1e-6, "level 5 and 6 are not kept: 4 is the nearest kept")
        // Spacing 1.6 px: k = 2 (3.2 px), odd multiples at (3.2 − 3) / 3.
        let two = kept(2.05, pixelsApart: 1.6)
        #expect(abs(two.distance - 0.05) < 1e-6 && abs(two.weight - 0.2 / 3) < 1e-5)
    }

    /// The fade is continuous where k doubles: just under and just over the spacing where every
    /// second level gives way to every fourth, the same lines show with the same weights.
    @Test func theFadeIsContinuousWhereKDoubles() {
        let justAbove = kept(4.0, pixelsApart: 1.5 + 1e-4), justBelow = kept(4.0, pixelsApart: 1.5 - 1e-4)
        #expect(abs(justAbove.weight - justBelow.weight) < 1e-3)
        let oddAbove = kept(2.0, pixelsApart: 1.5 + 1e-4)
        #expect(oddAbove.weight < 1e-3, "level 2 has faded out as every fourth takes over")
    }

    @Test func theEightLanePathAgreesWithThePerPixelOne() {
        let levels = Self.levels
        for pixelsApart: Float in [0.3, 0.9, 1.2, 1.7, 2.5, 4, 7] {
            let cs = SIMD8<Float>(0.2, 3.7, 4.49, 7.9, 8.01, 11.5, 14.2, 15.3)
            let gradient = SIMD8<Float>(repeating: 1 / pixelsApart)
            let (d, w) = ContourThinning.nearestKept(cs, u: cs, start: .zero, step: SIMD8(repeating: 1),
                                                     lastLevel: SIMD8(repeating: 15), gradient: gradient,
                                                     inverseGradient: 1 / gradient, crowdedPerStep: SIMD8(repeating: 3),
                                                     stepPerCrowded: SIMD8(repeating: 1.0 / 3))
            for lane in 0..<8 {
                let one = levels.withUnsafeBufferPointer {
                    ContourThinning.nearestKept(cs[lane], sortedLevels: $0, gradient: gradient[lane], crowded: 3)
                }
                #expect(abs(d[lane] - one.distance) < 1e-5 && abs(w[lane] - one.weight) < 1e-5,
                        "c = \(cs[lane]), \(pixelsApart) px apart: \(d[lane]), \(w[lane]) against \(one)")
            }
        }
    }
}
