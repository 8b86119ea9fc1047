import OptaScene
import Testing

/// Ticks too close together or too small to tell apart keep distinct, short labels: a common offset
/// or power of ten comes out and is written once.
@Suite("Tick labels")
struct TickLabelsTests {
    static func labels(_ range: ClosedRange<Double>, step: Double) -> TickLabels {
        TickLabels(values: NiceTicks.values(in: range, step: step), step: step)
    }

    @Test("ordinary ticks are written as before, with nothing at the axis end")
    func ordinary() {
        let t = Self.labels(-2...2, step: 0.5)
        #expect(t.labels == NiceTicks.values(in: -2...2, step: 0.5).map { NiceTicks.label($0, step: 0.5) })
        #expect(t.annotation == nil)
        #expect(Self.labels(0...2500, step: 500).annotation == nil)
    }

    @Test("tiny ticks share a power of ten (they used to all read 0)")
    func tiny() {
        let t = Self.labels(1e-6...2e-6, step: 1e-7)
        #expect(t.labels == ["1.0", "1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7", "1.8", "1.9", "2.0"])
        #expect(t.annotation == "×10⁻⁶")
    }

    @Test("huge ticks share a power of ten")
    func huge() {
        let t = Self.labels(0...3e7, step: 5e6)
        #expect(t.labels == ["0.0", "0.5", "1.0", "1.5", "2.0", "2.5", "3.0"])
        #expect(t.annotation == "×10⁷")
    }

    @Test("ticks sharing their leading digits lose them to an offset, either sign")
    func offset() {
        let up = Self.labels(1_000_000.1...1_000_000.6, step: 0.1)
        #expect(up.labels == ["0.1", "0.2", "0.3", "0.4", "0.5", "0.6"])
        #expect(up.annotation == "+1000000")
        let down = Self.labels(-1_000_000.6 ... -1_000_000.1, step: 0.1)
        #expect(down.labels == ["−0.6", "−0.5", "−0.4", "−0.3", "−0.2", "−0.1"])
        #expect(down.annotation == "−1000000")
        let near = Self.labels(12_345.1...12_345.9, step: 0.2)
        #expect(near.labels == ["−0.8", "−0.6", "−0.4", "−0.2"] && near.annotation == "+12346")
    }

    @Test("a compact label that rounds up to ten is the next power of ten")
    func compactRoundsUp() {
        #expect(NiceTicks.compactLabel(999_999.5) == "10⁶")
        #expect(NiceTicks.compactLabel(-999_999.5) == "\u{2212}10⁶")
        #expect(NiceTicks.compactLabel(0.000_999_999) == "10⁻³")
        #expect(NiceTicks.compactLabel(2_500_000) == "2.5×10⁶")
    }
}
