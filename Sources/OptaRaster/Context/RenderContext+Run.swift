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
        let (width, height) = (framebuffer.width, framebuffer.height)
        framebuffer.pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            run(plan, into: FramePixels(base: base, width: width, height: height, stride: width), straight: false, threads: threads)
        }
    }

    /// Draws `plan` straight into caller memory: `height` rows of `width` RGBA8 pixels, row y at
    /// `pixels + y × bytesPerRow`, in straight alpha as `Framebuffer.straightRGBA()` would give
    /// for the same plan drawn into a framebuffer: the same bytes, without a framebuffer or a copy.
    /// An opaque plan (`FramePlan.isOpaque`, every landscape) is drawn as it is: opaque pixels are
    /// the same in both forms. Otherwise each tile of the last pass is converted from premultiplied
    /// to straight alpha while it is in cache; until then the memory holds premultiplied pixels.
    ///
    /// The memory must hold `bytesPerRow × (height − 1) + 4 × width` bytes, stay alive and be
    /// touched by nothing else until this returns. `pixels` and `bytesPerRow` must be multiples of
    /// 4 and `bytesPerRow ≥ 4 × width`, and the machine little-endian (where packed pixels read R,
    /// G, B, A): callers check, and copy from a framebuffer otherwise.
    public mutating func run(_ plan: FramePlan, intoStraightRGBA pixels: UnsafeMutableRawPointer, width: Int, height: Int,
                             bytesPerRow: Int, threads: Int) {
        precondition(Int(bitPattern: pixels) % 4 == 0 && bytesPerRow % 4 == 0 && bytesPerRow >= 4 * width && width > 0 && height > 0,
                     "caller memory for a frame is 4-byte aligned rows of at least 4 × width bytes")
        let frame = FramePixels(base: pixels.assumingMemoryBound(to: UInt32.self), width: width, height: height, stride: bytesPerRow / 4)
        run(plan, into: frame, straight: !plan.isOpaque, threads: threads)
    }

    /// Runs `plan` over the whole of `frame`; with `straight`, leaves it in straight alpha.
    private mutating func run(_ plan: FramePlan, into frame: FramePixels, straight: Bool, threads: Int) {
        let whole = PixelRect(x0: 0, y0: 0, x1: frame.width, y1: frame.height)
        let ranLayers = run(plan, into: frame, region: whole, straight: straight, threads: threads)
        if straight && !ranLayers {
            // Only sub-plans: one more pass to convert.
            TileScheduler.forEachTile(of: frame, threads: threads) { target in target.straightenAlpha() }
        }
    }

    /// Runs `plan` in `region` of the frame, as if the region were a whole frame. With `straight`,
    /// the pass over the plan's own layers ends each tile in straight alpha; returns whether there
    /// was such a pass (a plan of sub-plans only has none).
    @discardableResult
    private mutating func run(_ plan: FramePlan, into frame: FramePixels, region: PixelRect, straight: Bool, threads: Int) -> Bool {
        precondition(plan.startsOpaque, "a frame plan starts with sub-plans or a layer that writes every pixel")
        for layer in plan.layers {
            guard case .subplan(let rect, let subplan) = layer else { continue }
            let placed = PixelRect(x0: region.x0 + rect.x0, y0: region.y0 + rect.y0, x1: region.x0 + rect.x1, y1: region.y0 + rect.y1)
            run(subplan, into: frame, region: placed, straight: false, threads: threads)
        }
        let layers = plan.layers.filter { if case .subplan = $0 { false } else { true } }
        guard !layers.isEmpty else { return false }
        runTiles(layers, tileSize: plan.tileSize, into: frame, region: region, straight: straight, threads: threads)
        return true
    }

    /// One pass over the tiles of `region`, running `layers` (no sub-plans) on each tile in order,
    /// then, with `straight`, converting the tile to straight alpha.
    private mutating func runTiles(_ layers: [FrameLayer], tileSize: Int, into frame: FramePixels, region: PixelRect,
                                   straight: Bool, threads: Int) {
        let width = region.width, height = region.height
        var binned: [BinnedDrawList?] = layers.map { layer in
            guard case .vector(let list) = layer else { return nil }
            return BinnedDrawList(list, width: width, height: height, tileSize: tileSize, threads: threads, buffers: &binning)
        }
        defer {
            for i in binned.indices { binned[i]?.recycle(into: &binning) }
        }
        // At most one shaded layer per pass uses the cache: the first with a key (none in reference mode).
        let cached = cachesLayers && mode == .fast
            ? layers.firstIndex(where: { if case .shaded(_, .some) = $0 { true } else { false } }) : nil
        let use: LayerCache.Use
        if let cached, case .shaded(_, .some(let key)) = layers[cached] {
            use = layerCache.use(for: key, width: width, height: height)
        } else {
            use = .shade
        }
        var kept = RenderContext.taking(&layerCache.pixels, leaving: [])
        defer { layerCache.pixels = kept }
        let lists = binned
        let mode = mode
        kept.withUnsafeMutableBufferPointer { keptPixels in
            // The kept layer is laid out as a `width × height` frame; each tile reads or writes only
            // its own pixels of it (see `SharedMutablePointer`).
            let keptBase = keptPixels.baseAddress.map(SharedMutablePointer.init)
            TileScheduler.forEachTile(of: frame, region: region, threads: threads, tileSize: tileSize) { target in
                for index in layers.indices {
                    switch layers[index] {
                    case .fill(let color):
                        if mode == .reference { target.fillEveryRow(color) } else { target.fill(color) }
                    case .shaded(let shader, _) where mode == .reference:
                        shader.shadeReference(&target)
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
                if straight { target.straightenAlpha() }
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
