import OptaSupport

/// The nearest 1/w a triangle render leaves at some pixels (`TriangleRasterizer.render(...,
/// depthAt:)`), noted by each tile's worker as it finishes the tile: no depth buffer of the
/// whole frame is written.
final class ProbeDepths: Sendable {
    private let pixels: [SIMD2<Int32>]
    private let byTile: DepthProbes
    private let tileSize: Int, tilesX: Int
    private let noted: Locked<[Float]>

    /// Probes at `pixels` of a `width × height` frame drawn in the rasterizer's tiles; 0 until noted.
    init(_ pixels: [SIMD2<Int32>], width: Int, height: Int, tileSize: Int = TileScheduler.defaultTileSize) {
        self.pixels = pixels
        self.tileSize = tileSize
        tilesX = (width + tileSize - 1) / tileSize
        byTile = DepthProbes(pixels, width: width, height: height, tileSize: tileSize)
        noted = Locked([Float](repeating: 0, count: pixels.count))
    }

    /// Notes the depth at the probes of a finished tile (nil: nothing drawn there, they stay 0).
    @Sendable func note(_ target: inout TileTarget, _ depth: MeshTileDepth?) {
        guard let depth else { return }
        var found: [(Int, Float)] = []
        byTile.forEach(inTile: (target.rect.y0 / tileSize) * tilesX + target.rect.x0 / tileSize) { k in
            found.append((k, depth.nearestInvW(x: Int(pixels[k].x), y: Int(pixels[k].y))))
        }
        noted.withLock { for (k, value) in found { $0[k] = value } }
    }

    /// The depths noted: per probe, the nearest 1/w drawn there, 0 where nothing is or outside the frame.
    var depths: [Float] { noted.withLock { $0 } }
}

/// Probe pixels grouped by the tile they lie in.
struct DepthProbes: Sendable {
    /// Probe indices, tile after tile (tiles row-major, `TileScheduler`'s order).
    private let order: [Int32]
    /// Per tile, where its probes start in `order` (and end: the next tile's start).
    private let starts: [Int32]

    /// Groups `pixels` by the tile of a `width × height` frame (tiles of `tileSize`) they lie
    /// in; pixels outside the frame belong to no tile.
    init(_ pixels: [SIMD2<Int32>], width: Int, height: Int, tileSize: Int) {
        let tilesX = (width + tileSize - 1) / tileSize, tilesY = (height + tileSize - 1) / tileSize
        let tileCount = tilesX * tilesY
        precondition(tileSize.nonzeroBitCount == 1, "tiles are a power of two on a side")
        let shift = Int32(tileSize.trailingZeroBitCount)
        // Each probe's tile (`tileCount` outside the frame), found once; then a counting sort.
        let tiles = pixels.map { p -> Int32 in
            guard p.x >= 0, p.y >= 0, Int(p.x) < width, Int(p.y) < height else { return Int32(tileCount) }
            return (p.y &>> shift) &* Int32(tilesX) &+ (p.x &>> shift)
        }
        // Counts land one bucket up (then summed into starts); the last bucket takes the probes
        // outside the frame.
        var starts = [Int32](repeating: 0, count: tileCount + 2)
        for t in tiles { starts[Int(t) + 1] += 1 }
        for t in 0..<tileCount { starts[t + 1] += starts[t] }
        var next = starts
        var order = [Int32](repeating: 0, count: Int(starts[tileCount]))
        for k in tiles.indices where Int(tiles[k]) < tileCount {
            let t = Int(tiles[k])
            order[Int(next[t])] = Int32(k)
            next[t] += 1
        }
        self.order = order
        self.starts = starts
    }

    /// Calls `body` with the index of each probe in tile `t`.
    @inline(__always)
    func forEach(inTile t: Int, _ body: (Int) -> Void) {
        for k in Int(starts[t])..<Int(starts[t + 1]) { body(Int(order[k])) }
    }
}

extension TileSamples {
    /// The nearest 1/w the tile just resolved shows at pixel (x, y) of `rect` (0 where nothing
    /// is drawn): the front sample of an edge pixel, the centre sample of any other, as the
    /// resolve shades them.
    func nearestInvW(x: Int, y: Int, rect: PixelRect, farInvW: Float) -> Float {
        let i = x - rect.x0, j = y - rect.y0
        let nearest: Float
        if (edgeRows[j] >> UInt64(i)) & 1 != 0 {
            let s = j * 2 * side + i * 2
            nearest = Swift.max(Swift.max(depth[s], depth[s + 1]), Swift.max(depth[s + side], depth[s + side + 1]))
        } else {
            nearest = centreDepth[(j + 1) * centreSide + i + 1]
        }
        return nearest > farInvW ? nearest : 0
    }
}
