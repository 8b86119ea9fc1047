import Foundation
import OptaCore

/// Consecutive iterates of one run packed in one row: `count` steps from `firstStep`, each as
/// four little-endian doubles (x, y, f, ‖∇f‖; NaN where unknown), 32 bytes a step. The chunk
/// carries the summary the run's row keeps (last and lowest f), found while packing.
struct IterateChunk: Sendable {
    let firstStep: Int
    let count: Int
    let data: Data
    /// f of the last iterate, and the lowest finite f (nil when there is none).
    let lastF: Double
    let bestF: Double?

    static let stride = 32

    /// `iterates` cut where steps are not consecutive, each piece packed.
    static func split(_ iterates: [SolverIterate]) -> [IterateChunk] {
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

    /// Packs `iterates` in one pass (no intermediate array) into the chunk's bytes.
    static func pack(_ iterates: ArraySlice<SolverIterate>) -> IterateChunk {
        var data = Data(count: iterates.count * stride)
        var best = Double.infinity, last = Double.nan
        data.withUnsafeMutableBytes { raw in
            for (i, it) in iterates.enumerated() {
                raw.storeBytes(of: it.x.bitPattern.littleEndian, toByteOffset: i * stride, as: UInt64.self)
                raw.storeBytes(of: it.y.bitPattern.littleEndian, toByteOffset: i * stride + 8, as: UInt64.self)
                raw.storeBytes(of: it.value.bitPattern.littleEndian, toByteOffset: i * stride + 16, as: UInt64.self)
                raw.storeBytes(of: it.gradientNorm.bitPattern.littleEndian, toByteOffset: i * stride + 24, as: UInt64.self)
                if it.value < best { best = it.value }
                last = it.value
            }
        }
        return IterateChunk(firstStep: iterates.first?.step ?? 0, count: iterates.count, data: data, lastF: last,
                            bestF: best.isFinite ? best : nil)
    }

    /// The iterates of a stored chunk; a damaged chunk (wrong length) gives only what it holds.
    static func unpack(firstStep: Int, count: Int, data: Data, into out: inout [SolverIterate]) {
        let n = min(max(0, count), data.count / stride)
        data.withUnsafeBytes { raw in
            for i in 0..<n {
                func value(_ k: Int) -> Double {
                    Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i * stride + k * 8, as: UInt64.self)))
                }
                out.append(SolverIterate(step: firstStep + i, x: value(0), y: value(1), value: value(2), gradientNorm: value(3)))
            }
        }
    }
}
