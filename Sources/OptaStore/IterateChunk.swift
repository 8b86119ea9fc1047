import Foundation
import OptaCore

/// Consecutive iterates of one run packed in one row: `count` steps from `firstStep`, in one of
/// two layouts (the row's `layout` column, schema v6):
///
/// - `flat` (0, every chunk written before v6): each step as four little-endian doubles (x, y,
///   f, ‖∇f‖; NaN where unknown), 32 bytes a step.
/// - `held` (1): an `IterateLog`'s points and repeats. A header of two little-endian UInt64, the
///   stored columns (bits 0–3: x, y, f, ‖∇f‖; a column left out is NaN at every step of the
///   chunk) and the number of points; then each point's stored columns as little-endian
///   doubles; then, to the end, pairs of UInt64 (point index, steps it held after its first) in
///   point order. A solver whose point stays put for thousands of steps (simulated annealing's
///   best point) stores a few bytes for them, and a derivative-free log without ‖∇f‖ 24 bytes a
///   point.
///
/// The chunk carries the summary the run's row keeps (last and lowest f), found while packing.
struct IterateChunk: Sendable {
    enum Layout: Int {
        case flat = 0
        case held = 1
    }

    let firstStep: Int
    let count: Int
    let layout: Layout
    let data: Data
    /// f of the last iterate, and the lowest finite f (nil when there is none).
    let lastF: Double
    let bestF: Double?

    /// Bytes a step in the flat layout.
    static let flatStride = 32
    /// Bytes of the held layout's header, and of one of its repeats.
    static let headerBytes = 16, repeatBytes = 16

    // MARK: The held layout

    /// `iterates` as logs, cut where steps are not consecutive.
    static func logs(_ iterates: [SolverIterate]) -> [IterateLog] {
        var logs: [IterateLog] = []
        var log = IterateLog()
        for it in iterates {
            if log.count > 0 && it.step != log.firstStep + log.count {
                logs.append(log)
                log = IterateLog()
            }
            log.append(it)
        }
        if log.count > 0 { logs.append(log) }
        return logs
    }

    /// The held layout of `log`. A column is left out only when it is NaN with `Double.nan`'s
    /// very bits at every point, so what reads back is what was logged, bit for bit.
    static func pack(_ log: IterateLog) -> IterateChunk {
        var data = Data()
        return pack(log, into: &data)
    }

    /// `pack(_:)` into `data`'s storage (kept when large enough, and when the chunk returned
    /// last time is gone): the chunk's `data` is `data`.
    static func pack(_ log: IterateLog, into data: inout Data) -> IterateChunk {
        let nan = SIMD4<UInt64>(repeating: Double.nan.bitPattern)
        var known = SIMDMask<SIMD4<Int64>>(repeating: false)
        var best = Double.infinity
        for p in log.points {
            known .|= unsafeBitCast(p, to: SIMD4<UInt64>.self) .!= nan
            if p[2] < best { best = p[2] }
        }
        let columns = (0..<4).filter { known[$0] }
        let stride = 8 * columns.count
        let repeats = log.repeats
        // Every byte is written below.
        data.count = headerBytes + log.points.count * stride + repeats.count * repeatBytes
        data.withUnsafeMutableBytes { raw in
            let mask = columns.reduce(0) { $0 | UInt64(1) << UInt64($1) }
            raw.storeBytes(of: mask.littleEndian, toByteOffset: 0, as: UInt64.self)
            raw.storeBytes(of: UInt64(log.points.count).littleEndian, toByteOffset: 8, as: UInt64.self)
            var offset = headerBytes
            if columns.count == 4 {
                for p in log.points {
                    for k in 0..<4 { raw.storeBytes(of: p[k].bitPattern.littleEndian, toByteOffset: offset + 8 * k, as: UInt64.self) }
                    offset += 32
                }
            } else {
                for p in log.points {
                    for k in columns {
                        raw.storeBytes(of: p[k].bitPattern.littleEndian, toByteOffset: offset, as: UInt64.self)
                        offset += 8
                    }
                }
            }
            for held in repeats {
                raw.storeBytes(of: UInt64(held.point).littleEndian, toByteOffset: offset, as: UInt64.self)
                raw.storeBytes(of: UInt64(held.extraSteps).littleEndian, toByteOffset: offset + 8, as: UInt64.self)
                offset += repeatBytes
            }
        }
        return IterateChunk(firstStep: log.firstStep, count: log.count, layout: .held, data: data,
                            lastF: log.points.last?[2] ?? .nan, bestF: best.isFinite ? best : nil)
    }

    /// The iterates of a stored chunk of either layout. A damaged chunk (lengths that do not add
    /// up) gives only what it holds, and never more than `count` steps.
    static func unpack(firstStep: Int, count: Int, layout: Int, data: Data, into out: inout [SolverIterate]) {
        switch Layout(rawValue: layout) {
        case .flat: unpackFlat(firstStep: firstStep, count: count, data: data, into: &out)
        case .held: unpackHeld(firstStep: firstStep, count: count, data: data, into: &out)
        case nil: break  // a layout of a newer Opta: refused with its schema before reading gets here
        }
    }

    /// A damaged held chunk gives only the steps it says for certain: none when its points are
    /// cut short, and when repeats are missing from its end (its steps do not add up to `count`)
    /// the points up to the last repeat it still holds.
    private static func unpackHeld(firstStep: Int, count: Int, data: Data, into out: inout [SolverIterate]) {
        guard data.count >= headerBytes, count > 0 else { return }
        data.withUnsafeBytes { raw in
            func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
            let mask = word(0)
            let columns = (0..<4).filter { mask & (1 << UInt64($0)) != 0 }
            let stride = 8 * columns.count
            let room = stride == 0 ? count : (data.count - headerBytes) / stride
            guard word(8) <= UInt64(min(room, count)) else { return }
            var points = Int(word(8))
            let repeatsStart = headerBytes + points * stride
            // Steps each point holds after its first, from the repeats in point order (one out of
            // order, which only damage makes, is passed over).
            var extra: [Int: Int] = [:]
            var total = points, lastHeld = -1
            for r in 0..<(data.count - repeatsStart) / repeatBytes {
                let point = word(repeatsStart + r * repeatBytes)
                guard point < UInt64(points), Int(point) > lastHeld else { continue }
                let steps = Int(min(word(repeatsStart + r * repeatBytes + 8), UInt64(count)))
                extra[Int(point)] = steps
                lastHeld = Int(point)
                total = min(total + steps, count + 1)
            }
            if total < count { points = lastHeld + 1 }
            var step = firstStep, emitted = 0
            for i in 0..<points where emitted < count {
                var p = SIMD4<Double>(repeating: .nan)
                for (j, k) in columns.enumerated() { p[k] = Double(bitPattern: word(headerBytes + i * stride + 8 * j)) }
                let steps = min(1 + (extra[i] ?? 0), count - emitted)
                for _ in 0..<steps {
                    out.append(SolverIterate(step: step, x: p.x, y: p.y, value: p[2], gradientNorm: p[3]))
                    step &+= 1
                }
                emitted += steps
            }
        }
    }

    // MARK: The flat layout (schema v3 to v5)

    /// `iterates` cut where steps are not consecutive, each piece packed flat (the v3 migration's
    /// layout).
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

    /// Packs `iterates` flat in one pass (no intermediate array) into the chunk's bytes.
    static func pack(_ iterates: ArraySlice<SolverIterate>) -> IterateChunk {
        var data = Data(count: iterates.count * flatStride)
        var best = Double.infinity, last = Double.nan
        data.withUnsafeMutableBytes { raw in
            for (i, it) in iterates.enumerated() {
                raw.storeBytes(of: it.x.bitPattern.littleEndian, toByteOffset: i * flatStride, as: UInt64.self)
                raw.storeBytes(of: it.y.bitPattern.littleEndian, toByteOffset: i * flatStride + 8, as: UInt64.self)
                raw.storeBytes(of: it.value.bitPattern.littleEndian, toByteOffset: i * flatStride + 16, as: UInt64.self)
                raw.storeBytes(of: it.gradientNorm.bitPattern.littleEndian, toByteOffset: i * flatStride + 24, as: UInt64.self)
                if it.value < best { best = it.value }
                last = it.value
            }
        }
        return IterateChunk(firstStep: iterates.first?.step ?? 0, count: iterates.count, layout: .flat, data: data,
                            lastF: last, bestF: best.isFinite ? best : nil)
    }

    private static func unpackFlat(firstStep: Int, count: Int, data: Data, into out: inout [SolverIterate]) {
        let n = min(max(0, count), data.count / flatStride)
        data.withUnsafeBytes { raw in
            for i in 0..<n {
                func value(_ k: Int) -> Double {
                    Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i * flatStride + k * 8, as: UInt64.self)))
                }
                out.append(SolverIterate(step: firstStep &+ i, x: value(0), y: value(1), value: value(2), gradientNorm: value(3)))
            }
        }
    }
}
