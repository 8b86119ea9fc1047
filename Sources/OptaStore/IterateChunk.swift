import Foundation

/// Consecutive iterates of one run packed in one row: `count` steps from `firstStep`, each as
/// four little-endian doubles (x, y, f, ‖∇f‖; NaN where unknown), 32 bytes a step. Packed where
/// the iterates are handed over (one pass, no intermediate values), so the writer thread only
/// inserts it; the chunk carries the summary the run's row keeps (last and lowest f).
public struct IterateChunk: Sendable {
    let firstStep: Int
    let count: Int
    let data: Data
    /// f of the last iterate, and the lowest finite f (nil when there is none).
    let lastF: Double
    let bestF: Double?

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
        packing(firstStep: iterates.first?.step ?? 0, count: iterates.count) { i in
            let it = iterates[iterates.startIndex + i]
            return (SIMD2(it.x, it.y), it.f, it.gradNorm)
        }
    }

    /// Steps `from..<to` of a trajectory with its f and ‖∇f‖ lists (NaN where a list is shorter),
    /// packed: what a solver hands over after a stretch of steps.
    public static func pack(trajectory: [SIMD2<Double>], values: [Double], gradientNorms: [Double], from: Int, to: Int) -> IterateChunk {
        let from = max(0, from), to = max(from, min(to, trajectory.count))
        return packing(firstStep: from, count: to - from) { i in
            let step = from + i
            return (trajectory[step], step < values.count ? values[step] : .nan,
                    step < gradientNorms.count ? gradientNorms[step] : .nan)
        }
    }

    private static func packing(firstStep: Int, count: Int,
                                _ iterate: (Int) -> (point: SIMD2<Double>, f: Double, gradNorm: Double)) -> IterateChunk {
        var data = Data(count: count * stride)
        var best = Double.infinity, last = Double.nan
        data.withUnsafeMutableBytes { raw in
            for i in 0..<count {
                let (point, f, gradNorm) = iterate(i)
                raw.storeBytes(of: point.x.bitPattern.littleEndian, toByteOffset: i * stride, as: UInt64.self)
                raw.storeBytes(of: point.y.bitPattern.littleEndian, toByteOffset: i * stride + 8, as: UInt64.self)
                raw.storeBytes(of: f.bitPattern.littleEndian, toByteOffset: i * stride + 16, as: UInt64.self)
                raw.storeBytes(of: gradNorm.bitPattern.littleEndian, toByteOffset: i * stride + 24, as: UInt64.self)
                if f < best { best = f }
                last = f
            }
        }
        return IterateChunk(firstStep: firstStep, count: count, data: data, lastF: last, bestF: best.isFinite ? best : nil)
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
