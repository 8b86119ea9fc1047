import Foundation

/// The labels of one axis's ticks, written so that neighbouring labels differ and stay short, as
/// matplotlib's ScalarFormatter does:
/// - ticks that share many leading digits (1000000.1 … 1000000.5) lose the shared part to an
///   offset shown once at the axis end ("+1000000"), leaving "0.1" … "0.5";
/// - ticks whose size is tiny or huge (1.2e-6 …) are written in a common power of ten shown once
///   at the axis end ("×10⁻⁶"), leaving "1.2" …
/// Ordinary ticks are written as `NiceTicks.label` writes them, with no annotation.
public struct TickLabels: Equatable, Sendable {
    /// One label per tick value, in order.
    public let labels: [String]
    /// What every label is scaled by or offset from, to draw once at the axis end; nil if nothing.
    public let annotation: String?

    /// Ticks sharing this many leading digits get an offset (matplotlib's offset_threshold).
    static let sharedDigitsForOffset = 4.0
    /// Tick sizes below 10^low or from 10^high on get a common power of ten (matplotlib's
    /// axes.formatter.limits default, −5 and 6).
    static let scientificBelow = 1e-4, scientificFrom = 1e6

    public init(values: [Double], step: Double) {
        guard !values.isEmpty, step > 0, step.isFinite, values.allSatisfy(\.isFinite) else {
            labels = values.map { NiceTicks.label($0, step: step) }
            annotation = nil
            return
        }
        let low = values.min()!, high = values.max()!
        let span = high - low, size = max(abs(low), abs(high))
        // The offset: the shared leading part, the multiple of the power of ten just above the
        // span that is nearest the ticks' middle.
        var offset = 0.0
        if span > 0, size / span >= pow(10, Self.sharedDigitsForOffset) {
            let unit = pow(10, ceil(log10(span)))
            offset = ((low + high) / 2 / unit).rounded() * unit
        }
        let shifted = values.map { $0 - offset }
        let largest = shifted.map(abs).max()!
        var exponent = 0
        if largest > 0, largest < Self.scientificBelow || largest >= Self.scientificFrom {
            exponent = Int(floor(log10(largest)))
        }
        let scale = pow(10, Double(exponent))
        labels = shifted.map { NiceTicks.label($0 / scale, step: step / scale) }
        var parts: [String] = []
        if exponent != 0 { parts.append("×10" + NiceTicks.superscript(exponent)) }
        if offset != 0 { parts.append((offset > 0 ? "+" : "\u{2212}") + Self.exact(abs(offset), unit: pow(10, ceil(log10(span))))) }
        annotation = parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// `value` (a multiple of `unit`) written out in full: the offset must be read exactly.
    static func exact(_ value: Double, unit: Double) -> String {
        let decimals = unit >= 1 ? 0 : Int(-floor(log10(unit)))
        return String(format: "%.\(decimals)f", value)
    }
}
