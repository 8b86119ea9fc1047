import OptaA11y
import Testing

@Suite struct A11yNumberTests {
    @Test func threeSignificantDigitsAndTrueMinus() {
        #expect(A11yNumber.format(2.5234) == "2.52")
        #expect(A11yNumber.format(0.0012) == "0.0012")
        #expect(A11yNumber.format(-1.5) == "\u{2212}1.5")
        #expect(A11yNumber.format(0) == "0")
        #expect(A11yNumber.format(-0.0) == "0")
        #expect(A11yNumber.format(3162.27766) == "3160")
        #expect(A11yNumber.format(1.234e-7) == "1.23 × 10^\u{2212}7")
        #expect(A11yNumber.format(9.9999e7) == "1 × 10^8")
        #expect(A11yNumber.point(1, -2) == "(1, \u{2212}2)")
    }
}
