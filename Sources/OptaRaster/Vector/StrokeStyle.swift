/// How the ends of an open line look: `round` (a half disk), `butt` (cut square at the end point)
/// or `square` (cut square half the width beyond it).
public enum LineCap: Sendable, Equatable {
    case round, butt, square
}

extension DrawItem {
    /// A straight line with the given cap: round caps are `.line`, butt and square caps a
    /// `.segment` (square caps extended by half the width at both ends). One item, one blend.
    public static func line(from a: SIMD2<Float>, to b: SIMD2<Float>, width: Float, color: RGBA, cap: LineCap) -> DrawItem {
        switch cap {
        case .round: return .line(from: a, to: b, width: width, color: color)
        case .butt: return .segment(from: a, to: b, width: width, color: color)
        case .square:
            let d = b - a
            let length = (d * d).sum().squareRoot()
            guard length > 0 else { return .segment(from: a, to: b, width: width, color: color) }
            let e = d / length * (width / 2)
            return .segment(from: a - e, to: b + e, width: width, color: color)
        }
    }

    /// A dashed polyline: `pattern` alternates dash and gap lengths in pixels along the line,
    /// starting `phase` pixels into the pattern. The dashes are one stroke (round caps and joins,
    /// blended once per pixel); dashes continue around corners.
    public static func dashed(points: [SIMD2<Float>], width: Float, color: RGBA, pattern: [Float], phase: Float = 0) -> DrawItem {
        .polyline(points: Dashes.split(points, pattern: pattern, phase: phase), width: width, color: color)
    }
}

/// Splits polylines into dashes by arc length.
public enum Dashes {
    /// The points of `points` with the gaps of `pattern` cut out, dashes separated by a NaN point
    /// (which breaks a polyline). A pattern without a positive length, or with a non-finite one,
    /// leaves the line solid.
    public static func split(_ points: [SIMD2<Float>], pattern: [Float], phase: Float = 0) -> [SIMD2<Float>] {
        let total = pattern.reduce(0, +)
        guard points.count >= 2, !pattern.isEmpty, total > 0, total.isFinite, pattern.allSatisfy({ $0 >= 0 }) else {
            return points
        }
        let lengths = pattern.count % 2 == 0 ? pattern : pattern + pattern
        let period = lengths.reduce(0, +)
        let gap = SIMD2<Float>(.nan, .nan)
        var out: [SIMD2<Float>] = []
        // Where in the pattern the line starts.
        var index = 0
        var left = phase.isFinite ? phase.truncatingRemainder(dividingBy: period) : 0
        if left < 0 { left += period }
        while left >= lengths[index] { left -= lengths[index]; index = (index + 1) % lengths.count }
        var remaining = lengths[index] - left
        var on = index % 2 == 0
        if on { out.append(points[0]) }
        for i in 0..<(points.count - 1) {
            var p = points[i]
            let q = points[i + 1]
            var segment = ((q - p) * (q - p)).sum().squareRoot()
            guard segment.isFinite else { continue }
            while segment > remaining {
                let cut = p + (q - p) * (remaining / segment)
                segment -= remaining
                p = cut
                if on { out.append(cut); out.append(gap) } else { out.append(cut) }
                on.toggle()
                index = (index + 1) % lengths.count
                remaining = lengths[index]
                if remaining == 0 && on { out.append(p) }
            }
            remaining -= segment
            if on { out.append(q) }
        }
        if out.last.map({ $0.x.isNaN }) == true { out.removeLast() }
        return out
    }
}
