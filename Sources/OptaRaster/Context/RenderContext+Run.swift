extension RenderContext {
    /// Draws `plan` into `framebuffer`, on up to `threads` threads: the plan's sub-plans each into
    /// their rectangle, then its own layers in one pass over tiles, where each tile runs the layers
    /// in order (a fill, a shader or the kept pixels of an earlier frame's identical layer, then the
    /// vector items that touch the tile) while it sits in cache.
    ///
    /// This is where every pixel of a frame is decided. A pixel's value depends only on the plan,
    /// never on the tile, the thread or what the context kept: the same bytes on 1 thread or many,
    /// with a used context or a new one.
    public mutating func run(_ plan: FramePlan, into framebuffer: inout Framebuffer, threads: Int) {
        run(plan, into: &framebuffer, region: PixelRect(x0: 0, y0: 0, x1: framebuffer.width, y1: framebuffer.height),
            threads: threads)
    }

    /// Runs `plan` in `region` of the frame, as if the region were a whole frame.
    private mutating func run(_ plan: FramePlan, into framebuffer: inout Framebuffer, region: PixelRect, threads: Int) {
        precondition(plan.startsOpaque, "a frame plan starts with sub-plans or a layer that writes every pixel")
        for layer in plan.layers {
            guard case .subplan(let rect, let subplan) = layer else { continue }
            let placed = PixelRect(x0: region.x0 + rect.x0, y0: region.y0 + rect.y0, x1: region.x0 + rect.x1, y1: region.y0 + rect.y1)
            run(subplan, into: &framebuffer, region: placed, threads: threads)
        }
        let layers = plan.layers.filter { if case .subplan = $0 { false } else { true } }
        guard !layers.isEmpty else { return }
        runTiles(layers, tileSize: plan.tileSize, into: &framebuffer, region: region, threads: threads)
    }

    /// One pass over the tiles of `region`, running `layers` (no sub-plans) on each tile in order.
    private mutating func runTiles(_ layers: [FrameLayer], tileSize: Int, into framebuffer: inout Framebuffer, region: PixelRect,
                                   threads: Int) {
        let width = region.width, height = region.height
        var binned: [BinnedDrawList?] = layers.map { layer in
            guard case .vector(let list) = layer else { return nil }
            return BinnedDrawList(list, width: width, height: height, tileSize: tileSize, threads: threads, buffers: &binning)
        }
        defer {
            for i in binned.indices { binned[i]?.recycle(into: &binning) }
        }
        // At most one shaded layer per pass uses the cache: the first with a key.
        let cached = cachesLayers ? layers.firstIndex(where: { if case .shaded(_, .some) = $0 { true } else { false } }) : nil
        let use: LayerCache.Use
        if let cached, case .shaded(_, .some(let key)) = layers[cached] {
            use = layerCache.use(for: key, width: width, height: height)
        } else {
            use = .shade
        }
        var kept = RenderContext.taking(&layerCache.pixels, leaving: [])
        defer { layerCache.pixels = kept }
        let lists = binned
        kept.withUnsafeMutableBufferPointer { keptPixels in
            // The kept layer is laid out as a `width × height` frame; each tile reads or writes only
            // its own pixels of it (see `SharedMutablePointer`).
            let keptBase = keptPixels.baseAddress.map(SharedMutablePointer.init)
            TileScheduler.forEachTile(of: &framebuffer, region: region, threads: threads, tileSize: tileSize) { target in
                for index in layers.indices {
                    switch layers[index] {
                    case .fill(let color):
                        target.fill(color)
                    case .shaded(let shader, _):
                        guard index == cached, let keptBase else {
                            shader.shade(&target)
                            continue
                        }
                        switch use {
                        case .shade: shader.shade(&target)
                        case .copy: target.copy(from: keptBase.base, stride: width)
                        case .shadeAndKeep:
                            shader.shade(&target)
                            target.copy(to: keptBase.base, stride: width)
                        }
                    case .vector:
                        lists[index]?.composite(into: &target)
                    case .subplan:
                        break  // run before the pass
                    }
                }
            }
        }
        if use == .shadeAndKeep, let cached, case .shaded(_, .some(let key)) = layers[cached] { layerCache.kept(key) }
    }
}

extension TileTarget {
    /// Copies the tile's pixels from the same places of `frame`, a buffer of rows `stride` pixels long.
    func copy(from frame: UnsafeMutablePointer<UInt32>, stride: Int) {
        for y in rect.y0..<rect.y1 {
            (row(y) + rect.x0).update(from: frame + (y &* stride &+ rect.x0), count: rect.width)
        }
    }

    /// Copies the tile's pixels to the same places of `frame`, a buffer of rows `stride` pixels long.
    func copy(to frame: UnsafeMutablePointer<UInt32>, stride: Int) {
        for y in rect.y0..<rect.y1 {
            (frame + (y &* stride &+ rect.x0)).update(from: row(y) + rect.x0, count: rect.width)
        }
    }
}
