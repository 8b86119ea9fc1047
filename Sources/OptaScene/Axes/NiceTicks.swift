import Foundation

/// Tick positions at "nice" values (1, 2, 2.5 or 5 times a power of ten) and their labels.
public enum NiceTicks {
    /// A step near `span / targetCount` rounded to 1, 2, 2.5 or 5 × 10^k.
    public static func step(span: Double, targetCount: Int) -> Double {
        guard span > 0, span.isFinite, targetCount > 0 else { return 1 }
        let raw = span / Double(targetCount)
        let magnitude = pow(10, floor(log10(raw)))
        let fraction = raw / magnitude
        let nice: Double = fraction < 1.5 ? 1 : fraction < 2.25 ? 2 : fraction < 3.5 ? 2.5 : fraction < 7.5 ? 5 : 10
        return nice * magnitude
    }

    /// Multiples of `step` inside `range` (ends included, with a little slack for rounding).
    public static func values(in range: ClosedRange<Double>, step: Double) -> [Double] {
        guard step > 0, step.isFinite else { return [] }
        let slack = step * 1e-9
        let first = ceil((range.lowerBound - slack) / step)
        let last = floor((range.upperBound + slack) / step)
        guard last >= first, last - first < 10_000 else { return [] }
        return stride(from: first, through: last, by: 1).map { k in
            let v = k * step
            return abs(v) < slack ? 0 : v
        }
    }

    /// A label for tick value `v` with as many decimals as `step` needs, using a true minus sign.
    public static func label(_ v: Double, step: Double) -> String {
        var decimals = 0
        while decimals < 10 {
            let scaled = step * pow(10, Double(decimals))
            if abs(scaled - scaled.rounded()) < 1e-6 * max(1, scaled) { break }
            decimals += 1
        }
        return withTrueMinus(String(format: "%.\(decimals)f", v))
    }

    /// A compact label for any value (colourbar, contour labels): about 3 significant digits,
    /// written 10ⁿ or m×10ⁿ when very large or small.
    public static func compactLabel(_ v: Double) -> String {
        if v == 0 { return "0" }
        if v.isNaN { return "undefined" }
        if v.isInfinite { return v > 0 ? "∞" : "\u{2212}∞" }
        let exponent = Int(floor(log10(abs(v)) + 1e-12))
        if exponent >= 5 || exponent <= -3 {
            // Split the power so that subnormal values (10⁻³²⁴ is 0 as a double) keep a finite mantissa.
            let mantissa = v / pow(10, Double(exponent / 2)) / pow(10, Double(exponent - exponent / 2))
            guard mantissa.isFinite else { return withTrueMinus(String(format: "%.2g", v)) }
            // A mantissa that rounds up to 10 (9.999995) belongs to the next power.
            if compactLabel(abs(mantissa)) == "10" { return compactLabel(v < 0 ? -pow(10, Double(exponent + 1)) : pow(10, Double(exponent + 1))) }
            let power = "10" + superscript(exponent)
            if abs(mantissa - 1) < 1e-9 { return power }
            if abs(mantissa + 1) < 1e-9 { return "\u{2212}" + power }
            return compactLabel(mantissa) + "×" + power
        }
        var text = String(format: "%.\(max(0, 2 - exponent))f", v)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return withTrueMinus(text)
    }

    /// "-1.5" → "−1.5"; "-0.00" → "0.00".
    static func withTrueMinus(_ text: String) -> String {
        guard text.hasPrefix("-") else { return text }
        if let value = Double(text), value == 0 { return String(text.dropFirst()) }
        return "\u{2212}" + text.dropFirst()
    }

    /// Labels for ticks at the decades 10^k of `exponents`, all in one style: 0.01 … 10000 as
    /// plain numbers when every tick is in that range, else every one as 10ⁿ (10⁰, 10¹, …), as a
    /// journal's log axis would — never "1" beside "10⁻³".
    public static func decadeLabels(_ exponents: [Int]) -> [String] {
        if exponents.allSatisfy({ (-2...4).contains($0) }) { return exponents.map { compactLabel(pow(10, Double($0))) } }
        return exponents.map { "10" + superscript($0) }
    }

    /// An integer in superscript digits, e.g. −3 → "⁻³".
    public static func superscript(_ n: Int) -> String {
        let digits: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
        let body = String(abs(n)).map { digits[Int(String($0))!] }
        return (n < 0 ? "⁻" : "") + String(body)
    }
}
