/// Rasterizes axis-aligned rectangles into one tile: coverage is the product of the x and y ramps.
enum RectRaster {
    @inline(__always)
    static func draw(_ rect: RectShape, clip: PixelRect, target: TileTarget) {
        let c = rect.center
        let rx = rect.xProfile.reach, ry = rect.yProfile.reach
        let y0 = SafeIndex.ceil(c.y - ry - 0.5, clip.y0, clip.y1)
        let y1 = SafeIndex.floor(c.y + ry - 0.5, clip.y0 - 1, clip.y1 - 1) + 1
        let x0 = SafeIndex.ceil(c.x - rx - 0.5, clip.x0, clip.x1)
        let x1 = SafeIndex.floor(c.x + rx - 0.5, clip.x0 - 1, clip.x1 - 1) + 1
        guard x0 < x1 else { return }
        var y = y0
        while y < y1 {
            let cy = rect.yProfile.coverage(distance: Swift.abs(Float(y) + 0.5 - c.y))
            let row = target.row(y)
            for x in x0..<x1 {
                let cx = rect.xProfile.coverage(distance: Swift.abs(Float(x) + 0.5 - c.x))
                PixelBlend.put(row, x, rect.color, cx * cy)
            }
            y += 1
        }
    }
}
