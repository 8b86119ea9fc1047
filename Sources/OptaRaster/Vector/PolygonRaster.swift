/// Rasterizes filled convex polygons into one tile: a pixel's coverage is the product of its
/// 1 px ramps across every edge (`clamp(0.5 + signed distance inside)`), which is exact along
/// edges and never over-covers at corners.
enum PolygonRaster {
    @inline(__always)
    static func draw(_ shape: PolygonShape, planes: [SIMD3<Float>], clip: PixelRect, target: TileTarget) {
        let y0 = SafeIndex.floor(shape.lo.y, clip.y0, clip.y1), y1 = SafeIndex.ceil(shape.hi.y, clip.y0, clip.y1)
        let x0 = SafeIndex.floor(shape.lo.x, clip.x0, clip.x1), x1 = SafeIndex.ceil(shape.hi.x, clip.x0, clip.x1)
        guard x0 < x1, y0 < y1 else { return }
        planes.withUnsafeBufferPointer { planes in
            for y in y0..<y1 {
                let row = target.row(y)
                let py = Float(y) + 0.5
                for x in x0..<x1 {
                    let px = Float(x) + 0.5
                    var c: Float = 1
                    for k in shape.first..<(shape.first + shape.edgeCount) {
                        let e = planes[k]
                        c *= Swift.min(Swift.max(0.5 + e.x * px + e.y * py + e.z, 0), 1)
                    }
                    PixelBlend.put(row, x, shape.color, c)
                }
            }
        }
    }
}
