extension RenderContext {
    /// Draws `plan` into `framebuffer` in one pass over tiles, on up to `threads` threads: each
    /// tile runs the plan's layers in order (a fill, a shader or the kept pixels of an earlier
    /// frame's identical layer, then the vector items that touch the tile) while it sits in cache.
    ///
    /// This is where every pixel of a frame is decided. A pixel's value depends only on the plan,
    /// never on the tile, the thread or what the context kept: the same bytes on 1 thread or many,
    /// with a used context or a new one.
    public mutating func run(_ plan: FramePlan, into framebuffer: inout Framebuffer, threads: Int) {
        precondition(plan.startsOpaque, "a frame plan starts with a layer that writes every pixel")
        let width = framebuffer.width, height = framebuffer.height
        let tileSize = plan.tileSize
        let layers = plan.layers
        var binned: [BinnedDrawList?] = layers.map { layer in
            guard case .vector(let list) = layer else { return nil }
            return BinnedDrawList(list, width: width, height: height, tileSize: tileSize, threads: threads, buffers: &binning)
        }
        defer {
            for i in binned.indices { binned[i]?.recycle(into: &binning) }
        }
        // At most one shaded layer per frame uses the cache: the first with a key.
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
            // Each tile reads or writes only its own pixels of the kept layer (see `SharedMutablePointer`).
            let keptBase = keptPixels.baseAddress.map(SharedMutablePointer.init)
            TileScheduler.forEachTile(of: &framebuffer, threads: threads, tileSize: tileSize) { target in
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
                        case .copy: target.copy(from: keptBase.base)
                        case .shadeAndKeep:
                            shader.shade(&target)
                            target.copy(to: keptBase.base)
                        }
                    case .vector:
                        lists[index]?.composite(into: &target)
                    }
                }
            }
        }
        if use == .shadeAndKeep, let cached, case .shaded(_, .some(let key)) = layers[cached] { layerCache.kept(key) }
    }
}

extension TileTarget {
    /// Copies the tile's pixels from `frame`, a buffer laid out like the target's frame.
    func copy(from frame: UnsafeMutablePointer<UInt32>) {
        for y in rect.y0..<rect.y1 {
            (row(y) + rect.x0).update(from: frame + (y &* stride &+ rect.x0), count: rect.width)
        }
    }

    /// Copies the tile's pixels to the same places of `frame`, a buffer laid out like the target's frame.
    func copy(to frame: UnsafeMutablePointer<UInt32>) {
        for y in rect.y0..<rect.y1 {
            (frame + (y &* stride &+ rect.x0)).update(from: row(y) + rect.x0, count: rect.width)
        }
    }
}
