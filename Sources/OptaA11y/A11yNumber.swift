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
            return trimmed(fixed(mantissa, decimals: 2)) + " × 10^" + minus("\(power)")
        }
        let rounded = exponent > 2 ? (v / pow(10, Double(exponent - 2))).rounded() * pow(10, Double(exponent - 2)) : v
        return trimmed(fixed(rounded, decimals: max(0, 2 - exponent)))
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
        v == v.rounded() && abs(v) < 1e15 ? minus(String(Int(v))) : trimmed(fixed(v, decimals: 2))
    }

    /// `v` with `decimals` digits after the point, like "%.Nf" but without the cost of a format
    /// string (tree building runs every frame while someone listens).
    static func fixed(_ v: Double, decimals: Int) -> String {
        let scaled = (abs(v) * pow(10, Double(decimals))).rounded()
        guard scaled < 1e17, decimals <= 12 else { return String(format: "%.\(decimals)f", v) }
        var digits = String(Int64(scaled))
        if decimals > 0 {
            if digits.count <= decimals { digits = String(repeating: "0", count: decimals - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
        }
        return v < 0 && scaled > 0 ? "-" + digits : digits
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

    /// The leading "-" (the only place a formatted number has one) as a true minus sign.
    private static func minus(_ text: String) -> String {
        text.hasPrefix("-") ? "\u{2212}" + text.dropFirst() : text
    }
}
