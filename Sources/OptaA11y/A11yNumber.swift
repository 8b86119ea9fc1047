import Foundation

/// Numbers as a screen reader should hear them: 3 significant digits, no trailing zeros, a true
/// minus sign (U+2212), and "× 10^n" for very large or small magnitudes.
public enum A11yNumber {
    /// `v` with 3 significant digits: "2.52", "0.0012", "−1.5", "1.23 × 10^−5".
    public static func format(_ v: Double) -> String {
        if v.isNaN { return "undefined" }
        if v.isInfinite { return v > 0 ? "infinity" : "minus infinity" }
        if v == 0 { return "0" }
        let exponent = Int(floor(log10(abs(v))))
        if exponent >= 6 || exponent <= -5 {
            var mantissa = v / pow(10, Double(exponent))
            var power = exponent
            if abs(mantissa) >= 9.995 { mantissa /= 10; power += 1 }
            return trimmed(String(format: "%.2f", mantissa)) + " × 10^" + minus("\(power)")
        }
        let rounded = exponent > 2 ? (v / pow(10, Double(exponent - 2))).rounded() * pow(10, Double(exponent - 2)) : v
        return trimmed(String(format: "%.\(max(0, 2 - exponent))f", rounded))
    }

    /// A point as "(x, y)".
    public static func point(_ x: Double, _ y: Double) -> String {
        "(\(format(x)), \(format(y)))"
    }

    /// A range as "[a, b]".
    public static func range(_ lower: Double, _ upper: Double) -> String {
        "[\(format(lower)), \(format(upper))]"
    }

    /// A whole number of pixels or a short decimal, for bounds: "12", "12.5".
    static func plain(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? minus(String(Int(v))) : trimmed(String(format: "%.2f", v))
    }

    private static func trimmed(_ text: String) -> String {
        var text = text
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        if text == "-0" { text = "0" }
        return minus(text)
    }

    private static func minus(_ text: String) -> String {
        text.replacingOccurrences(of: "-", with: "\u{2212}")
    }
}
