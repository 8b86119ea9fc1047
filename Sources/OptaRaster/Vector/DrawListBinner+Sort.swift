extension DrawListBinner {
    /// The per-tile bins of `parts` (binners of consecutive item ranges, in list order): tile
    /// `t`'s entries are `entries[start[t]..<start[t + 1]]`, in list order.
    ///
    /// A counting sort: every part knows how many entries it has per tile, so each (tile, part)
    /// pair gets its own slots up front, and the parts scatter their entries concurrently with
    /// their shape and segment indices shifted past the parts before them. The result does not
    /// depend on how the list was cut into parts.
    /// The entries fill an array taken from `buffers`.
    static func bins(of parts: [DrawListBinner], buffers: inout BinningBuffers) -> (start: [Int32], entries: [BinEntry]) {
        let tileCount = parts[0].tilesX * parts[0].tilesY
        // slots[p * tileCount + t]: where part p's first entry of tile t goes.
        var start = [Int32](repeating: 0, count: tileCount + 1)
        var slotTable = [Int](repeating: 0, count: parts.count * tileCount)
        var running = 0
        for t in 0..<tileCount {
            start[t] = Int32(running)
            for p in parts.indices {
                slotTable[p * tileCount + t] = running
                running += Int(parts[p].tileCounts[t])
            }
        }
        start[tileCount] = Int32(running)
        let slots = slotTable, total = running
        // Each part's shape and segment indices start after those of the parts before it.
        var shapeBases: [Int32] = [0], segmentBases: [Int32] = [0]
        for part in parts.dropLast() {
            shapeBases.append(shapeBases.last! + Int32(part.shapes.count))
            segmentBases.append(segmentBases.last! + Int32(part.segments.count))
        }
        let shapeShifts = shapeBases, segmentShifts = segmentBases
        var entries = buffers.takeEntries()
        entries.append(contentsOf: repeatElement(BinEntry(shape: 0), count: total))
        entries.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // Shared by the parts: each writes only the slots reserved for it (for tile `t`,
            // `tileCounts[t]` slots from its own offset; the (tile, part) ranges do not overlap),
            // and `ParallelWork.run` returns only after every part is done.
            let out = SharedMutablePointer(base)
            ParallelWork.run(count: parts.count, threads: parts.count, scratch: { _ in () }) { p, _ in
                var cursor = Array(slots[p * tileCount ..< (p + 1) * tileCount])
                let shapeShift = shapeShifts[p], segmentShift = segmentShifts[p]
                parts[p].pending.withUnsafeBufferPointer { pending in
                    cursor.withUnsafeMutableBufferPointer { cursor in
                        for (tile, entry) in pending {
                            var e = entry
                            e.shape &+= shapeShift
                            if e.isStroke { e.first &+= segmentShift }
                            out.base[cursor[Int(tile)]] = e
                            cursor[Int(tile)] &+= 1
                        }
                    }
                }
            }
        }
        return (start, entries)
    }
}
