/// Rasterizes styled strokes (caps and joins) into one tile: per pixel, the largest coverage over
/// the stroke's convex pieces (a polygon piece: the product of its edges' coverages, outer edges
/// ramping over 1 px, inner edges a step half a pixel outside; a disk piece: its distance ramp),
/// then one blend.
enum StyledStrokeRaster {
    @inline(__always)
    static func draw(_ s: StyledStrokeShape, pieces: [StrokePiece], edges: [SIMD4<Float>], clip: PixelRect, target: TileTarget) {
        let y0 = SafeIndex.floor(s.lo.y, clip.y0, clip.y1), y1 = SafeIndex.ceil(s.hi.y, clip.y0, clip.y1)
        let x0 = SafeIndex.floor(s.lo.x, clip.x0, clip.x1), x1 = SafeIndex.ceil(s.hi.x, clip.x0, clip.x1)
        guard x0 < x1, y0 < y1 else { return }
        pieces.withUnsafeBufferPointer { pieces in
            edges.withUnsafeBufferPointer { edges in
                for y in y0..<y1 {
                    let row = target.row(y)
                    let py = Float(y) + 0.5
                    for x in x0..<x1 {
                        let px = Float(x) + 0.5
                        var best: Float = 0
                        for k in s.first..<(s.first + s.count) {
                            let piece = pieces[k]
                            var c: Float
                            if piece.count == 0 {
                                let dx = px - piece.disk.x, dy = py - piece.disk.y
                                c = Swift.min(Swift.max(piece.disk.z - (dx * dx + dy * dy).squareRoot(), 0), 1)
                            } else {
                                c = 1
                                for e in Int(piece.first)..<Int(piece.first + piece.count) {
                                    let edge = edges[e]
                                    let d = edge.x * px + edge.y * py + edge.z
                                    c *= edge.w > 0 ? (d >= -0.5 ? 1 : 0) : Swift.min(Swift.max(0.5 + d, 0), 1)
                                    if c == 0 { break }
                                }
                            }
                            best = Swift.max(best, c)
                            if best >= 1 { break }
                        }
                        PixelBlend.put(row, x, s.color, best)
                    }
                }
            }
        }
    }
}
