import Glibc

/// Zeroed Floats in memory the kernel is asked to back with 2 MB pages (`madvise`, honoured
/// where transparent huge pages are enabled, "madvise" or "always"; elsewhere ordinary pages).
/// The row sampler reads a short run of every grid row for every tile: with 4 KB pages each run
/// is a TLB miss of its own.
///
/// Written only through `mutable` by the one initializer that made it (`GridBlocks.init`),
/// before the value is shared; read-only afterwards, so sharing it between threads is safe.
final class HugePageFloats: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<Float>
    let mutable: UnsafeMutableBufferPointer<Float>

    init(count: Int) {
        let huge = 2 << 20
        let bytes = (max(count, 1) * MemoryLayout<Float>.stride + huge - 1) / huge * huge
        var raw: UnsafeMutableRawPointer?
        if posix_memalign(&raw, huge, bytes) != 0 { raw = malloc(bytes) }
        // Only an exhausted machine fails here, not a file: a grid has at most
        // `GridLandscape.maximumCells` samples (checked when it is read), and its Double samples,
        // as large as this, are already allocated.
        guard let raw else { fatalError("out of memory for \(count) grid floats") }
        _ = madvise(raw, bytes, MADV_HUGEPAGE)
        let floats = raw.bindMemory(to: Float.self, capacity: bytes / 4)
        floats.initialize(repeating: 0, count: bytes / 4)
        mutable = UnsafeMutableBufferPointer(start: floats, count: count)
        buffer = UnsafeBufferPointer(mutable)
    }

    deinit { free(mutable.baseAddress) }
}
