import Foundation

/// The drawing of an edge from a node to itself: an arc leaving the node's rim and coming back to
/// it, on the side of the node where nothing else is (the middle of the widest angle between its
/// other edges and its label), with the arrowhead of a directed edge at its end.
struct SelfLoop: Sendable {
    /// The arc outside the node, in travel order (clockwise on screen), ending where the shaft
    /// meets the arrowhead (or the rim, undirected).
    let arc: [SIMD2<Float>]
    /// The arrowhead's triangle (tip on the rim), empty for an undirected loop.
    let head: [SIMD2<Float>]
    /// Bounding box of the arc and head: (min, max).
    let bounds: (min: SIMD2<Float>, max: SIMD2<Float>)

    /// `rim` is the node's drawn radius (outline included) plus a pixel; `direction` points from the
    /// node centre to where the loop goes.
    init(center: SIMD2<Float>, rim: Float, direction: SIMD2<Float>, width: Float, directed: Bool) {
        let radius = Self.radius(rim: rim, width: width)
        // The loop circle's centre sits outside the node, so the two circles cross at two points.
        let distance = rim + 0.7 * radius
        let mid = center + direction * distance
        // Angle at `mid` between the way back to the node centre and each crossing (law of cosines).
        let cosine = (distance * distance + radius * radius - rim * rim) / (2 * distance * radius)
        let half = acos(Swift.min(1, Swift.max(-1, cosine)))
        let back = atan2(-direction.y, -direction.x)
        let start = back + half, sweep = 2 * Float.pi - 2 * half
        func point(_ angle: Float) -> SIMD2<Float> { mid + radius * SIMD2(cos(angle), sin(angle)) }
        let headLength = 5 + 2.5 * width, headHalf = 2 + 1.5 * width
        // The shaft stops where the head's base is: `trim` of arc angle before the rim.
        let trim = directed ? 2 * asin(Swift.min(1, headLength / (2 * radius))) : 0
        let steps = 24
        arc = (0...steps).map { point(start + (sweep - trim) * Float($0) / Float(steps)) }
        if directed {
            let tip = point(start + sweep), base = point(start + sweep - trim)
            let along = tip - base
            let length = (along * along).sum().squareRoot()
            let u = length > 0 ? along / length : direction
            let n = SIMD2<Float>(-u.y, u.x)
            let backPoint = tip - u * headLength
            head = [tip, backPoint + n * headHalf, backPoint - n * headHalf]
        } else {
            head = []
        }
        var lo = SIMD2<Float>(repeating: .infinity), hi = SIMD2<Float>(repeating: -.infinity)
        for p in arc + head { lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p) }
        let pad = width / 2 + 1
        bounds = (lo - pad, hi + pad)
    }

    /// `count` unit directions from a node into the widest free angle between `occupied`
    /// directions (its other edges, its label), spread evenly across it (one loop: its middle);
    /// around up and to the right when nothing is there.
    /// The radius of a loop's circle on a node of `rim`, for an edge `width` wide.
    static func radius(rim: Float, width: Float) -> Float { max(0.9 * rim, 5 + 2 * width) }

    /// How far from the node's centre a loop reaches (its circle's far side).
    static func reach(rim: Float, width: Float) -> Float { rim + 1.7 * radius(rim: rim, width: width) }

    static func freeDirections(_ occupied: [SIMD2<Float>], count: Int) -> [SIMD2<Float>] {
        let angles = occupied.filter { ($0 * $0).sum() > 0 }.map { atan2($0.y, $0.x) }.sorted()
        // With nothing around, the whole circle is free, starting down-left so one loop goes up-right.
        var bestStart = angles.first ?? 3 * Float.pi / 4, bestGap = 2 * Float.pi
        if angles.count > 1 {
            bestGap = -1
            for (i, angle) in angles.enumerated() {
                let next = i + 1 < angles.count ? angles[i + 1] : angles[0] + 2 * .pi
                if next - angle > bestGap { bestGap = next - angle; bestStart = angle }
            }
        }
        return (0..<count).map { k in
            let angle = bestStart + bestGap * Float(k + 1) / Float(count + 1)
            return SIMD2(cos(angle), sin(angle))
        }
    }
}
