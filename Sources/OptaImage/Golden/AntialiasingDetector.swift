/// Decides whether a differing pixel is an anti-aliasing artefact of an edge (which a tolerant
/// comparison may excuse) or real content.
///
/// The edge test follows pixelmatch (Vysniauskas 2009): the pixel has at most two equal
/// neighbours, has both darker and brighter neighbours, and the darkest or brightest neighbour
/// sits in a flat region in both images. On top of that, a pixel that stands out from both of its
/// neighbours along some axis by more than the threshold is part of a thin line, never an edge:
/// a missing, added or moved 1-px line is always reported.
struct AntialiasingDetector {
    let width: Int
    let height: Int
    /// Squared YIQ delta above which two pixels count as clearly different.
    let contrast: Double

    /// True when pixel (x, y) of `image` looks like an anti-aliased edge pixel, judged with `other`.
    func isAntialiased(_ image: UnsafeBufferPointer<UInt8>, _ x: Int, _ y: Int,
                       other: UnsafeBufferPointer<UInt8>) -> Bool {
        if isThinLinePixel(image, x, y) || isThinLinePixel(other, x, y) { return false }
        let x0 = max(x - 1, 0), y0 = max(y - 1, 0), x2 = min(x + 1, width - 1), y2 = min(y + 1, height - 1)
        let pos = y * width + x
        var zeroes = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        var minDelta = 0.0, maxDelta = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        for ny in y0...y2 {
            for nx in x0...x2 where nx != x || ny != y {
                let d = ColorDelta.delta(image, pos, image, ny * width + nx, brightnessOnly: true)
                if d == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if d < minDelta {
                    minDelta = d; minX = nx; minY = ny
                } else if d > maxDelta {
                    maxDelta = d; maxX = nx; maxY = ny
                }
            }
        }
        if minDelta == 0 || maxDelta == 0 { return false }
        return (hasManySiblings(image, minX, minY) && hasManySiblings(other, minX, minY))
            || (hasManySiblings(image, maxX, maxY) && hasManySiblings(other, maxX, maxY))
    }

    /// True when the pixel differs clearly, in the same direction, from both neighbours along
    /// the horizontal or vertical axis: the cross-section of a thin line (a diagonal line crosses
    /// both axes). Diagonal axes are left out: the corner pixel of a shape stands out along them.
    func isThinLinePixel(_ image: UnsafeBufferPointer<UInt8>, _ x: Int, _ y: Int) -> Bool {
        let pos = y * width + x
        for (dx, dy) in [(1, 0), (0, 1)] {
            let ax = x - dx, ay = y - dy, bx = x + dx, by = y + dy
            guard ax >= 0, ay >= 0, bx < width, by < height else { continue }
            let da = ColorDelta.delta(image, ay * width + ax, image, pos)
            let db = ColorDelta.delta(image, by * width + bx, image, pos)
            if abs(da) > contrast && abs(db) > contrast && (da > 0) == (db > 0) { return true }
        }
        return false
    }

    /// True when at least three neighbours of (x, y) are exactly equal to it.
    func hasManySiblings(_ image: UnsafeBufferPointer<UInt8>, _ x: Int, _ y: Int) -> Bool {
        let x0 = max(x - 1, 0), y0 = max(y - 1, 0), x2 = min(x + 1, width - 1), y2 = min(y + 1, height - 1)
        let pos = (y * width + x) * 4
        var zeroes = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        for ny in y0...y2 {
            for nx in x0...x2 where nx != x || ny != y {
                let p = (ny * width + nx) * 4
                if image[pos] == image[p] && image[pos + 1] == image[p + 1]
                    && image[pos + 2] == image[p + 2] && image[pos + 3] == image[p + 3] {
                    zeroes += 1
                }
                if zeroes > 2 { return true }
            }
        }
        return false
    }
}
