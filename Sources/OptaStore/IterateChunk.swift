import Foundation

/// Consecutive iterates of one run packed in one row: `count` steps from `firstStep`, each as
/// four little-endian doubles (x, y, f, ‖∇f‖; NaN where unknown), 32 bytes a step.
struct IterateChunk {
    let firstStep: Int
    let count: Int
    let data: Data

    static let stride = 32

    /// `iterates` cut where steps are not consecutive, each piece packed.
    static func split(_ iterates: [Iterate]) -> [IterateChunk] {
        var chunks: [IterateChunk] = []
        var start = 0
        while start < iterates.count {
            var end = start + 1
            while end < iterates.count && iterates[end].step == iterates[end - 1].step + 1 { end += 1 }
            chunks.append(pack(iterates[start..<end]))
            start = end
        }
        return chunks
    }

    static func pack(_ iterates: ArraySlice<Iterate>) -> IterateChunk {
        var values: [UInt64] = []
        values.reserveCapacity(iterates.count * 4)
        for it in iterates {
            values.append(it.x.bitPattern.littleEndian)
            values.append(it.y.bitPattern.littleEndian)
            values.append(it.f.bitPattern.littleEndian)
            values.append(it.gradNorm.bitPattern.littleEndian)
        }
        let data = values.withUnsafeBytes { Data($0) }
        return IterateChunk(firstStep: iterates.first?.step ?? 0, count: iterates.count, data: data)
    }

    /// The iterates of a stored chunk; a damaged chunk (wrong length) gives only what it holds.
    static func unpack(firstStep: Int, count: Int, data: Data, into out: inout [Iterate]) {
        let n = min(max(0, count), data.count / stride)
        data.withUnsafeBytes { raw in
            for i in 0..<n {
                func value(_ k: Int) -> Double {
                    Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i * stride + k * 8, as: UInt64.self)))
                }
                out.append(Iterate(step: firstStep + i, x: value(0), y: value(1), f: value(2), gradNorm: value(3)))
            }
        }
    }
}
