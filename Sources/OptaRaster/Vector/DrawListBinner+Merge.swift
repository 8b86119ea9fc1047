import Dispatch
import OptaSupport

extension DrawListBinner {
    /// Bins `items` on up to `threads` threads: contiguous chunks, each in its own binner, in
    /// list order. `bins(of:)` and `concatenated(_:)` turn the parts into one list's bins and
    /// geometry, the same as one binner's for any number of parts. The binners fill arrays taken
    /// from `buffers`.
    static func binnedParts(_ items: [DrawItem], width: Int, height: Int, tileSize: Int, threads: Int,
                            buffers: inout BinningBuffers) -> [DrawListBinner] {
        let chunks = Swift.max(1, Swift.min(threads, items.count / 2048))
        guard chunks > 1 else {
            var binner = DrawListBinner(width: width, height: height, tileSize: tileSize, expectedItems: items.count,
                                        storage: buffers.takeBinnerStorage())
            for item in items { binner.add(item) }
            return [binner]
        }
        // Each chunk moves its storage out (so its arrays have one owner and grow without copying).
        let storages = Locked((0..<chunks).map { _ in buffers.takeBinnerStorage() })
        let results = Locked([DrawListBinner?](repeating: nil, count: chunks))
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            let lo = items.count * c / chunks, hi = items.count * (c + 1) / chunks
            let storage = storages.withLock { RenderContext.taking(&$0[c], leaving: .empty) }
            var binner = DrawListBinner(width: width, height: height, tileSize: tileSize, expectedItems: hi - lo, storage: storage)
            for i in lo..<hi { binner.add(items[i]) }
            results.withLock { $0[c] = binner }
        }
        return results.withLock { parts in
            let all = parts.map { $0! }
            parts = []
            return all
        }
    }

    /// The geometry of `parts` (binners of consecutive item ranges, in list order) in one binner:
    /// shapes, segments, mask bytes, planes and pieces appended with every index shifted past
    /// the parts before. Its pending entries are dropped (`bins(of:)` sorts them).
    /// The parts' arrays that are no longer needed go back to `buffers`.
    static func concatenated(_ parts: consuming [DrawListBinner], buffers: inout BinningBuffers) -> DrawListBinner {
        var merged = parts.removeFirst()
        buffers.recycle(pending: BinningBuffers.emptying(&merged.pending))
        for i in parts.indices { merged.appendGeometry(of: parts[i]) }
        while !parts.isEmpty {
            var part = parts.removeLast()
            part.recycleStorage(into: &buffers)
        }
        return merged
    }

    /// Appends `other`'s shapes and geometry (items that come after this binner's in the list),
    /// with mask, plane and piece indices shifted past this binner's own.
    mutating func appendGeometry(of other: DrawListBinner) {
        let maskBase = maskBytes.count, planeBase = planes.count, pieceBase = pieces.count
        let pieceEdgeBase = Int32(pieceEdges.count)
        let segmentBase = Int32(segments.count), depthBase = Int32(segmentDepths.count)
        shapes.reserveCapacity(shapes.count + other.shapes.count)
        for shape in other.shapes {
            switch shape {
            case .mask(var m):
                m.offset += maskBase
                shapes.append(.mask(m))
            case .image(var m):
                m.offset += maskBase
                shapes.append(.image(m))
            case .polygon(var p):
                p.first += planeBase
                shapes.append(.polygon(p))
            case .styledStroke(var st):
                st.first += pieceBase
                shapes.append(.styledStroke(st))
            case .depthTestedStroke(var st):
                st.firstSegment += segmentBase
                st.firstDepth += depthBase
                shapes.append(.depthTestedStroke(st))
            default:
                shapes.append(shape)
            }
        }
        segments += other.segments
        maskBytes += other.maskBytes
        planes += other.planes
        for var piece in other.pieces {
            if piece.count > 0 { piece.first += pieceEdgeBase }
            pieces.append(piece)
        }
        pieceEdges += other.pieceEdges
        segmentDepths += other.segmentDepths
    }
}
