extension RenderContext {
    /// Draws `plan` into `framebuffer`, on up to `threads` threads: the plan's sub-plans each into
    /// their rectangle, then its own layers in one pass over tiles, where each tile runs the layers
    /// in order (a fill, a shader, the vector items that touch the tile; or, for the bottom layers
    /// an earlier frame had with the same keys, their kept pixels) while it sits in cache.
    ///
    /// This is where every pixel of a frame is decided. A pixel's value depends only on the plan,
    /// never on the tile, the thread or what the context kept: the same bytes on 1 thread or many,
    /// with a used context or a new one (and, with `leavesFramesIntact`, left in place where the
    /// frame before drew the same).
    public mutating func run(_ plan: FramePlan, into framebuffer: inout Framebuffer, threads: Int) {
        _ = framebuffer.withFramePixels { run(plan, into: $0, straight: false, threads: threads) }
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
        run(plan, into: frame, straight: !plan.isOpaque(width: width, height: height), threads: threads)
    }

    /// Runs `plan` over the whole of `frame`; with `straight`, leaves it in straight alpha.
    private mutating func run(_ plan: FramePlan, into frame: FramePixels, straight: Bool, threads: Int) {
        let whole = PixelRect(x0: 0, y0: 0, x1: frame.width, y1: frame.height)
        keptPasses = (keptPasses.thisFrame, [])
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
        if !plan.startsOpaque(width: region.width, height: region.height) {
            guard case .subplan = plan.layers.first else {
                preconditionFailure("a frame plan starts with sub-plans or a layer that writes every pixel")
            }
            // Sub-plans with a gap: clear the region first, so that no pixel of an earlier frame stays.
            TileScheduler.forEachTile(of: frame, region: region, threads: threads, tileSize: BinnedDrawList.defaultTileSize) {
                $0.fill(0)
            }
        }
        let subplanPasses = keptPasses.thisFrame.count
        for layer in plan.layers {
            guard case .subplan(let rect, let subplan) = layer else { continue }
            let placed = PixelRect(x0: region.x0 + rect.x0, y0: region.y0 + rect.y0, x1: region.x0 + rect.x1, y1: region.y0 + rect.y1)
            run(subplan, into: frame, region: placed, straight: false, threads: threads)
        }
        let own = FramePlan(plan.layers.filter { if case .subplan = $0 { false } else { true } })
        guard !own.layers.isEmpty else { return false }
        // Drawn over the sub-plans' regions, these layers leave more than kept pixels there.
        keptPasses.thisFrame.removeSubrange(subplanPasses...)
        if case .mesh(let mesh) = own.layers.first {
            runMesh(mesh, above: Array(own.layers.dropFirst()), into: frame, region: region, straight: straight, threads: threads)
        } else {
            runTiles(own, tileSize: plan.tileSize, into: frame, region: region, straight: straight, threads: threads)
        }
        return true
    }

    /// One pass over the mesh's 64 px tiles of `region` (its triangles binned first): each tile
    /// gets the mesh, then the layers `above` it, the depth-tested items tested against the depth
    /// the mesh left in the tile, then, with `straight`, its conversion to straight alpha.
    private mutating func runMesh(_ mesh: MeshLayer, above layers: [FrameLayer], into frame: FramePixels, region: PixelRect,
                                  straight: Bool, threads: Int) {
        var binned: [BinnedDrawList?] = layers.map { layer in
            guard case .vector(let list, _) = layer else { return nil }
            return BinnedDrawList(list, width: region.width, height: region.height, tileSize: TileScheduler.defaultTileSize,
                                  threads: threads, buffers: &binning)
        }
        defer {
            for i in binned.indices { binned[i]?.recycle(into: &binning) }
        }
        let lists = binned, mode = mode
        mesh.draw(frame, region, &self, threads) { target, depth in
            for index in layers.indices { Self.draw(layers[index], binned: lists[index], mode: mode, into: &target, depth: depth) }
            if straight { target.straightenAlpha() }
        }
    }

    /// Runs one layer (not a sub-plan or a mesh: those run before a pass) on a tile; a vector
    /// layer from its items `binned` for the pass, tested against `depth` where they ask for it.
    private static func draw(_ layer: FrameLayer, binned: BinnedDrawList?, mode: RenderMode, into target: inout TileTarget,
                             depth: MeshTileDepth?) {
        switch layer {
        case .fill(let color):
            if mode == .reference { target.fillEveryRow(color) } else { target.fill(color) }
        case .shaded(let shader, _) where mode == .reference:
            shader.shadeReference(&target)
        case .shaded(let shader, _):
            shader.shade(&target)
        case .vector:
            binned?.composite(into: &target, depth: depth)
        case .subplan, .mesh:
            break  // run before the pass
        }
    }

    /// One pass over the tiles of `region`, running the layers of `plan` (no sub-plans) on each
    /// tile in order, then, with `straight`, converting the tile to straight alpha.
    private mutating func runTiles(_ plan: FramePlan, tileSize: Int, into frame: FramePixels, region: PixelRect,
                                   straight: Bool, threads: Int) {
        let width = region.width, height = region.height
        let layers = plan.layers
        // One run of keyed layers per pass uses the cache (none in reference mode): layers
        // `cached.start ..< cached.start + use.copied` come from the kept pixels, and the tile is
        // kept after layer `cached.start + use.kept − 1`.
        let cached = cachesLayers && mode == .fast ? plan.keyedLayers : nil
        let use = cached.map { layerCache.use(for: $0.keys, width: width, height: height) } ?? LayerCache.Use()
        let start = cached?.start ?? 0
        let copiedLayers = start..<(start + use.copied)
        let keepAfter = use.kept > 0 ? start + use.kept - 1 : nil
        var binned: [BinnedDrawList?] = layers.indices.map { index in
            // The layers the kept pixels hold are not binned.
            guard case .vector(let list, _) = layers[index], !copiedLayers.contains(index) else { return nil }
            return BinnedDrawList(list, width: width, height: height, tileSize: tileSize, threads: threads, buffers: &binning)
        }
        defer {
            for i in binned.indices { binned[i]?.recycle(into: &binning) }
        }
        var kept = RenderContext.taking(&layerCache.pixels, leaving: PixelBuffer())
        defer { layerCache.pixels = kept }
        let lists = binned
        let mode = mode
        // Tiles left as they are (`leavesFramesIntact`): the frame shows the kept layers in every
        // tile that no vector item above them touches, this frame or the last.
        let address = Int(bitPattern: frame.base), tilesAcross = (width + tileSize - 1) / tileSize
        let keptAfterPass = use.kept > 0 ? use.kept : use.copied
        let onlyItemsAbove = keptAfterPass > 0 && !straight
            && layers[(start + keptAfterPass)...].allSatisfy { if case .vector = $0 { true } else { false } }
        let touched: [Bool] = onlyItemsAbove && leavesFramesIntact
            ? (0..<(tilesAcross * ((height + tileSize - 1) / tileSize))).map { tile in
                lists[(start + keptAfterPass)...].contains { $0?.touches(tile: tile) == true }
            } : []
        let previous = keptPasses.lastFrame.first { $0.region == region }
        let leftAlone: [Bool]? = use.kept == 0 && !touched.isEmpty
            && previous?.matches(address: address, stride: frame.stride, region: region, tileSize: tileSize,
                                    keys: cached?.keys.prefix(use.copied) ?? []) == true
            ? zip(touched, previous?.touched ?? []).map { !$0 && !$1 } : nil
        kept.withUnsafeMutableBufferPointer { keptPixels in
            // The kept pixels are laid out as a `width × height` frame; each tile reads or writes
            // only its own pixels of them (see `SharedMutablePointer`).
            let keptBase = keptPixels.baseAddress.map(SharedMutablePointer.init)
            TileScheduler.forEachTile(of: frame, region: region, threads: threads, tileSize: tileSize) { target in
                if let leftAlone, leftAlone[(target.rect.y0 / tileSize) * tilesAcross + target.rect.x0 / tileSize] { return }
                for index in layers.indices {
                    if copiedLayers.contains(index), let keptBase {
                        // The first of the kept layers writes every pixel: copying its tile replaces them all.
                        if index == copiedLayers.lowerBound { target.copy(from: keptBase.base, stride: width) }
                    } else {
                        Self.draw(layers[index], binned: lists[index], mode: mode, into: &target, depth: nil)
                    }
                    if index == keepAfter, let keptBase { target.copy(to: keptBase.base, stride: width) }
                }
                if straight { target.straightenAlpha() }
            }
        }
        if let cached, use.kept > 0 { layerCache.kept(Array(cached.keys.prefix(use.kept))) }
        if !touched.isEmpty {
            keptPasses.thisFrame.append(KeptPass(address: address, stride: frame.stride, region: region, tileSize: tileSize,
                                       keys: layerCache.keys, touched: touched))
        }
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
