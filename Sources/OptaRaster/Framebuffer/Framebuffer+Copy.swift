extension Framebuffer {
    /// Copies `source` into this frame with its top-left corner at `origin`; the part that falls
    /// outside is left out.
    public mutating func copy(_ source: Framebuffer, to origin: SIMD2<Int>) {
        let x0 = max(0, origin.x), x1 = min(width, origin.x + source.width)
        let y0 = max(0, origin.y), y1 = min(height, origin.y + source.height)
        guard x1 > x0, y1 > y0 else { return }
        let frameWidth = width
        pixels.withUnsafeMutableBufferPointer { target in
            source.pixels.withUnsafeBufferPointer { from in
                for y in y0..<y1 {
                    let sourceRow = (y - origin.y) * source.width + (x0 - origin.x)
                    (target.baseAddress! + y * frameWidth + x0)
                        .update(from: from.baseAddress! + sourceRow, count: x1 - x0)
                }
            }
        }
    }
}
