import OptaScene
import Testing

@Test func niceStepsAreOneTwoOrFiveTimesAPowerOfTen() {
    #expect(NiceTicks.step(span: 4, targetCount: 8) == 0.5)
    #expect(NiceTicks.step(span: 10.24, targetCount: 10) == 1)
    #expect(NiceTicks.step(span: 100, targetCount: 4) == 25)
    #expect(NiceTicks.step(span: 0.03, targetCount: 6) == 0.005)
}

@Test func tickValuesIncludeBothEndsWhenOnTheGrid() {
    #expect(NiceTicks.values(in: -2...2, step: 0.5) == [-2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2])
    #expect(NiceTicks.values(in: -5.12...5.12, step: 2) == [-4, -2, 0, 2, 4])
}

@Test func labelsUseTheTrueMinusAndEnoughDecimals() {
    #expect(NiceTicks.label(-1.5, step: 0.5) == "−1.5")
    #expect(NiceTicks.label(2, step: 0.5) == "2.0")
    #expect(NiceTicks.label(0, step: 1) == "0")
    #expect(NiceTicks.label(-0.0, step: 0.25) == "0.00")
    #expect(NiceTicks.compactLabel(1e-3) == "10⁻³")
    #expect(NiceTicks.compactLabel(100) == "100")
    #expect(NiceTicks.compactLabel(-2.5e6) == "−2.5×10⁶")
}

/// A log axis labels its decades in one style: plain numbers from 0.01 to 10000, else 10ⁿ for all.
@Test func decadeLabelsShareOneStyle() {
    #expect(NiceTicks.decadeLabels([-2, -1, 0, 1, 2, 3, 4]) == ["0.01", "0.1", "1", "10", "100", "1000", "10000"])
    #expect(NiceTicks.decadeLabels([-3, -2, -1, 0, 1]) == ["10⁻³", "10⁻²", "10⁻¹", "10⁰", "10¹"])
    #expect(NiceTicks.decadeLabels([0, 5]) == ["10⁰", "10⁵"])
    #expect(NiceTicks.decadeLabels([]) == [])
}
