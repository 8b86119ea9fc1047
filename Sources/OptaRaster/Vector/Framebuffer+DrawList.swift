extension Framebuffer {
    /// Draws `list` over the frame's current pixels, tile by tile on up to `threads` threads, with
    /// `context`'s scratch memory.
    public mutating func draw(_ list: DrawList, context: inout RenderContext, threads: Int = 1,
                              tileSize: Int = BinnedDrawList.defaultTileSize) {
        BinnedDrawList.binning(list, width: width, height: height, tileSize: tileSize, threads: threads, context: &context) { binned in
            draw(binned, threads: threads)
        }
    }

    /// Draws `list` with scratch memory of its own (for a single picture; frames drawn one after
    /// another pass their renderer's context).
    public mutating func draw(_ list: DrawList, threads: Int = 1, tileSize: Int = BinnedDrawList.defaultTileSize) {
        var context = RenderContext()
        draw(list, context: &context, threads: threads, tileSize: tileSize)
    }

    /// Draws an already binned list (its size must match the frame's).
    public mutating func draw(_ binned: BinnedDrawList, threads: Int = 1) {
        precondition(binned.width == width && binned.height == height, "binned list is for another frame size")
        TileScheduler.forEachTile(of: &self, threads: threads, tileSize: binned.tileSize) { target in
            binned.composite(into: &target)
        }
    }
}
