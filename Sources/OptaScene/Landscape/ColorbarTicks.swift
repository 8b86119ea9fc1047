import Foundation
import OptaCore
import Shaders

/// Tick values for a colourbar that match its scale: nice linear ticks, or decades on a log scale.
public enum ColorbarTicks {
    /// A tick: the f value it marks, where it sits (0 bottom … 1 top) and its label.
    public struct Tick: Sendable, Equatable {
        public let value: Double
        public let position: Double
        public let label: String
        /// The value over the step (linear) or the decade (log): labels are thinned by it.
        public let ordinal: Int
    }

    /// Ticks for `scale`, about `targetCount` of them; and the colourbar title to go with them.
    /// An `automatic` scale (chosen by Opta from the values) says so in the title.
    public static func ticks(for scale: ValueScale, targetCount: Int, automatic: Bool = false) -> (ticks: [Tick], title: String) {
        switch scale.kind {
        case .linear:
            let step = NiceTicks.step(span: scale.vmax - scale.vmin, targetCount: targetCount)
            let values = NiceTicks.values(in: scale.vmin...scale.vmax, step: step)
            let labels = TickLabels(values: values, step: step)
            let ordinals = TickThinning.ordinals(values, step: step)
            let ticks = values.indices.map {
                Tick(value: values[$0], position: scale.normalized(values[$0]), label: labels.labels[$0], ordinal: ordinals[$0])
            }
            let notes = (automatic ? ["linear scale, auto"] : []) + (labels.annotation.map { ["ticks \($0)"] } ?? [])
            return (ticks, notes.isEmpty ? "f" : "f (" + notes.joined(separator: "; ") + ")")
        case .log:
            // Decades of f − shift. When the shift is negligible they are decades of f itself.
            let fmin = scale.shift + exp2(scale.lower)
            let relative = abs(scale.shift) > 1e-9 && abs(scale.shift) > exp2(scale.lower) * 10
            let low = ceil(scale.lower / log2(10) - 1e-9), high = floor(scale.upper / log2(10) + 1e-9)
            // A scale reaching beyond a double's range (vmax 1e308 above a shift of −1e308) has no decades to mark.
            guard low.isFinite, high.isFinite, high >= low else { return ([], "f (log scale)") }
            let decades = Int(high - low) + 1
            let stride = max(1, Int(ceil(Double(decades) / Double(max(1, targetCount)))))
            var marks: [(value: Double, position: Double, decade: Int)] = []
            var k = low
            while k <= high {
                let value = relative ? scale.shift + pow(10, k) : pow(10, k)
                let position = (scale.scaled(value) - scale.lower) / (scale.upper - scale.lower)
                if position >= -1e-9 && position <= 1 + 1e-9 { marks.append((value, position, Int(k))) }
                k += Double(stride)
            }
            // One style for all the decades' labels.
            let labels = NiceTicks.decadeLabels(marks.map(\.decade))
            let ticks = zip(marks, labels).map { Tick(value: $0.value, position: $0.position, label: $1, ordinal: $0.decade) }
            let kind = automatic ? "log scale, auto" : "log scale"
            let title = relative ? "f − f_min (\(kind)), f_min = \(NiceTicks.compactLabel(fmin))" : "f (\(kind))"
            return (ticks, title)
        }
    }

    /// Shorter colourbar titles for `scale`, most complete first, for a bar too short for the
    /// whole one: a log scale's kind goes first (its evenly spaced decades show it), f_min's
    /// value last, then "Δf" for f − f_min. A linear scale has none: its notes (a common factor of the ticks) must show.
    public static func shorterTitles(for scale: ValueScale) -> [String] {
        guard scale.kind == .log else { return [] }
        let fmin = scale.shift + exp2(scale.lower)
        let relative = abs(scale.shift) > 1e-9 && abs(scale.shift) > exp2(scale.lower) * 10
        return relative ? ["f − f_min, f_min = \(NiceTicks.compactLabel(fmin))", "f − f_min", "Δf"] : ["f (log)", "f"]
    }
}
