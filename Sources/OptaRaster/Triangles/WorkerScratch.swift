/// The triangle rasterizer's scratch memory, kept by a `RenderContext` from frame to frame: each
/// worker's tile buffers (`TileSamples`) and binning buffers (`BinWriterMemory`). A frame drawn
/// with a used context allocates none of it.
struct WorkerScratch: Sendable {
    var tileSamples = WorkerSets<TileSamples>()
    var binWriters = WorkerSets<BinWriterMemory>()
}

/// One object per worker of a parallel pass, kept from frame to frame.
struct WorkerSets<Element: AnyObject & Sendable>: Sendable {
    private(set) var sets: [Element] = []

    /// The sets for `workers` workers: kept ones that `fits` accepts where this value is their only
    /// owner, new ones from `make` otherwise (a context that was copied keeps its copy's sets apart,
    /// so no set is ever used by two renders at once).
    mutating func forWorkers(_ workers: Int, make: () -> Element, fits: (Element) -> Bool = { _ in true }) -> [Element] {
        if sets.count < workers { sets += (sets.count..<workers).map { _ in make() } }
        for w in 0..<workers where !fits(sets[w]) || !isKnownUniquelyReferenced(&sets[w]) { sets[w] = make() }
        return Array(sets[0..<workers])
    }
}
