/// The triangle rasterizer's per-tile buffers (`TileSamples`), one set per worker, kept by a
/// `RenderContext` from frame to frame: a frame drawn with a used context allocates none.
struct TileSampleSets: Sendable {
    private(set) var sets: [TileSamples] = []

    /// The sets for `workers` workers of tiles of `tileSize`: kept ones where this value is their
    /// only owner, new ones otherwise (a context that was copied keeps its copy's sets apart).
    mutating func forWorkers(_ workers: Int, tileSize: Int) -> [TileSamples] {
        if sets.count < workers { sets += (sets.count..<workers).map { _ in TileSamples(tileSize: tileSize) } }
        for w in 0..<workers where sets[w].tileSize != tileSize || !isKnownUniquelyReferenced(&sets[w]) {
            sets[w] = TileSamples(tileSize: tileSize)
        }
        return Array(sets[0..<workers])
    }
}
