extension TileTarget {
    /// Fills the tile with `color`, leaving the rows that already hold it as they are. A frame
    /// drawn into the framebuffer of the one before finds most of its empty tiles as that frame
    /// left them, and reading a row back costs half the memory traffic of writing it again.
    func fill(_ color: UInt32) {
        let width = rect.width
        let colors = SIMD8<UInt32>(repeating: color)
        for y in rect.y0..<rect.y1 {
            let row = self.row(y) + rect.x0
            var differs = SIMD8<UInt32>.zero
            var x = 0
            while x &+ 8 <= width {
                differs |= UnsafeRawPointer(row + x).loadUnaligned(as: SIMD8<UInt32>.self) ^ colors
                x &+= 8
            }
            var any = differs != .zero
            while x < width && !any {
                any = row[x] != color
                x &+= 1
            }
            if any { row.update(repeating: color, count: width) }
        }
    }

    /// Fills the tile with `color`, writing every row: `fill`'s reference path.
    func fillEveryRow(_ color: UInt32) {
        for y in rect.y0..<rect.y1 { (row(y) + rect.x0).update(repeating: color, count: rect.width) }
    }
}
