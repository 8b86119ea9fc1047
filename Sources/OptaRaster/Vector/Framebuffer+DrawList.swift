extension Framebuffer {
    /// Draws `list` over the frame's current pixels, tile by tile on up to `threads` threads.
    public mutating func draw(_ list: DrawList, threads: Int = 1, tileSize: Int = TileScheduler.defaultTileSize) {
        let binned = BinnedDrawList(list, width: width, height: height, tileSize: tileSize, threads: threads)
        draw(binned, threads: threads)
    }

    /// Draws an already binned list (its size must match the frame's).
    public mutating func draw(_ binned: BinnedDrawList, threads: Int = 1) {
        precondition(binned.width == width && binned.height == height, "binned list is for another frame size")
        TileScheduler.forEachTile(of: &self, threads: threads, tileSize: binned.tileSize) { target in
            binned.composite(into: &target)
        }
    }
}
