/// How two segments of a stroke meet: `round` (a disk), `miter` (the outer edges extended until
/// they meet, falling back to bevel beyond the miter limit) or `bevel` (the outer corners joined).
public enum LineJoin: Sendable, Equatable {
    case round, miter, bevel
}

/// One convex piece of a styled stroke (a segment's body, a join, a cap): `count` edge planes from
/// `first` in the binned list's piece-edge storage, or, when `count` is 0, a disk `(x, y, reach)`.
@usableFromInline
struct StrokePiece: Sendable {
    @usableFromInline var first: Int32
    @usableFromInline var count: Int32
    @usableFromInline var disk: SIMD3<Float>
}

/// A styled stroke: pieces `first..<first + count`; a pixel's coverage is the largest over the
/// pieces, and the stroke blends once.
@usableFromInline
struct StyledStrokeShape: Sendable {
    @usableFromInline var first: Int
    @usableFromInline var count: Int
    @usableFromInline var lo: SIMD2<Float>
    @usableFromInline var hi: SIMD2<Float>
    @usableFromInline var color: UInt32
}

/// Cuts a polyline into convex pieces. Edges inside the stroke (where a body meets a join or the
/// next body) are hard and reach half a pixel past their line, so neighbouring pieces overlap by
/// a pixel there and the largest coverage leaves no seam; outer edges ramp over 1 px.
enum StrokePieceBuilder {
    /// Edge `(nx, ny, c, hard)`: inside where `nx·x + ny·y + c ≥ 0`.
    typealias Edge = SIMD4<Float>

    static func edges(_ poly: [SIMD2<Float>], hard: [Bool]) -> [Edge] {
        var area: Float = 0
        for i in poly.indices {
            let p = poly[i], q = poly[(i + 1) % poly.count]
            area += p.x * q.y - q.x * p.y
        }
        let sign: Float = area >= 0 ? 1 : -1
        var out: [Edge] = []
        for i in poly.indices {
            let p = poly[i], q = poly[(i + 1) % poly.count]
            let e = q - p
            let len = (e * e).sum().squareRoot()
            guard len > 1e-6 else { continue }
            let n = sign * SIMD2<Float>(-e.y, e.x) / len
            out.append(Edge(n.x, n.y, -(n.x * p.x + n.y * p.y), hard[i] ? 1 : 0))
        }
        return out
    }

    /// The pieces of `points` stroked `width` wide; disks are `(x, y, radius)`.
    static func pieces(_ raw: [SIMD2<Float>], width: Float, cap: LineCap, join: LineJoin, miterLimit: Float)
        -> (polygons: [[Edge]], disks: [SIMD3<Float>]) {
        var points: [SIMD2<Float>] = []
        for p in raw where p.x.isFinite && p.y.isFinite {
            if let last = points.last, ((p - last) * (p - last)).sum() < 1e-8 { continue }
            points.append(p)
        }
        let h = width / 2
        guard points.count >= 2 else {
            if let p = points.first, cap == .round { return ([], [SIMD3(p.x, p.y, h)]) }
            return ([], [])
        }
        var polygons: [[Edge]] = []
        var disks: [SIMD3<Float>] = []
        let n = points.count
        func dir(_ i: Int) -> SIMD2<Float> {
            let d = points[i + 1] - points[i]
            return d / (d * d).sum().squareRoot()
        }
        for i in 0..<(n - 1) {
            let u = dir(i), nrm = SIMD2<Float>(-u.y, u.x)
            var a = points[i], b = points[i + 1]
            let startIsEnd = i == 0, endIsEnd = i == n - 2
            if cap == .square {
                if startIsEnd { a -= u * h }
                if endIsEnd { b += u * h }
            }
            let startHard = !startIsEnd || cap == .round
            let endHard = !endIsEnd || cap == .round
            // Quad a+n, b+n, b−n, a−n: sides (a+n→b+n) outer, (b+n→b−n) end, (b−n→a−n) outer, (a−n→a+n) start.
            polygons.append(edges([a + nrm * h, b + nrm * h, b - nrm * h, a - nrm * h], hard: [false, endHard, false, startHard]))
        }
        if cap == .round {
            disks.append(SIMD3(points[0].x, points[0].y, h))
            disks.append(SIMD3(points[n - 1].x, points[n - 1].y, h))
        }
        for i in 1..<(n - 1) {
            let v = points[i]
            let u1 = dir(i - 1), u2 = dir(i)
            let turn = u1.x * u2.y - u1.y * u2.x
            if abs(turn) < 1e-6 && (u1 * u2).sum() > 0 { continue }  // straight on: the bodies meet
            if join == .round {
                disks.append(SIMD3(v.x, v.y, h))
                continue
            }
            let s: Float = turn > 0 ? -1 : 1  // the outer side
            let n1 = SIMD2<Float>(-u1.y, u1.x) * s, n2 = SIMD2<Float>(-u2.y, u2.x) * s
            let a = v + n1 * h, b = v + n2 * h
            let mid = n1 + n2
            let midLength = (mid * mid).sum().squareRoot()
            let cosHalf = midLength / 2
            if join == .miter && cosHalf > 1e-6 && 1 / cosHalf <= miterLimit {
                let m = v + mid / midLength * (h / cosHalf)
                polygons.append(edges([v, a, m, b], hard: [true, false, false, true]))
            } else {
                polygons.append(edges([v, a, b], hard: [true, false, true]))
            }
        }
        return (polygons, disks)
    }
}

extension DrawItem {
    /// A polyline with the given caps and joins (miter joins longer than `miterLimit` × width
    /// become bevels). One item, blended once per pixel.
    public static func stroke(points: [SIMD2<Float>], width: Float, color: RGBA, cap: LineCap, join: LineJoin,
                              miterLimit: Float = 4) -> DrawItem {
        .styledStroke(points: points, width: width, color: color, cap: cap, join: join, miterLimit: miterLimit)
    }
}
