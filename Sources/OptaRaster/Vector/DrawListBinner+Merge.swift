import Dispatch
import OptaCore

extension DrawListBinner {
    /// Appends what `other` binned (items that come after this binner's in the list): its shapes,
    /// segments, mask bytes and planes, with every index shifted past this binner's own, so the
    /// result equals binning both item ranges in one binner, byte for byte.
    mutating func append(_ other: DrawListBinner) {
        let shapeBase = Int32(shapes.count), segmentBase = Int32(segments.count)
        let maskBase = maskBytes.count, planeBase = planes.count, pieceBase = pieces.count
        let pieceEdgeBase = Int32(pieceEdges.count)
        shapes.reserveCapacity(shapes.count + other.shapes.count)
        for shape in other.shapes {
            switch shape {
            case .mask(var m):
                m.offset += maskBase
                shapes.append(.mask(m))
            case .polygon(var p):
                p.first += planeBase
                shapes.append(.polygon(p))
            case .styledStroke(var st):
                st.first += pieceBase
                shapes.append(.styledStroke(st))
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
        pending.reserveCapacity(pending.count + other.pending.count)
        for (tile, entry) in other.pending {
            var e = entry
            e.shape += shapeBase
            if e.count > 0 { e.first += segmentBase }
            pending.append((tile, e))
        }
    }

    /// Bins `items` on up to `threads` threads: contiguous chunks binned concurrently, then
    /// appended in list order (the same result as one binner).
    static func binned(_ items: [DrawItem], width: Int, height: Int, tileSize: Int, threads: Int) -> DrawListBinner {
        let chunks = Swift.max(1, Swift.min(threads, items.count / 2048))
        guard chunks > 1 else {
            var binner = DrawListBinner(width: width, height: height, tileSize: tileSize)
            for item in items { binner.add(item) }
            return binner
        }
        let results = Locked([DrawListBinner?](repeating: nil, count: chunks))
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            let lo = items.count * c / chunks, hi = items.count * (c + 1) / chunks
            var binner = DrawListBinner(width: width, height: height, tileSize: tileSize)
            for i in lo..<hi { binner.add(items[i]) }
            results.withLock { $0[c] = binner }
        }
        let parts = results.withLock { $0 }
        var merged = parts[0]!
        for part in parts.dropFirst() { merged.append(part!) }
        return merged
    }
}
