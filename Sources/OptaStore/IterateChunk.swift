import Foundation
import OptaCore

/// Consecutive iterates of one run packed in one row: `count` steps from `firstStep`, in one of
/// three layouts (the row's `layout` column, schema v6 on):
///
/// - `flat` (0, every chunk written before v6): each step as four little-endian doubles (x, y,
///   f, ‖∇f‖; NaN where unknown), 32 bytes a step.
/// - `held` (1): points and repeats (`Stretch`). A header of two little-endian UInt64, the
///   stored columns (bits 0–3: x, y, f, ‖∇f‖; a column left out is NaN at every step of the
///   chunk) and the number of points; then each point's stored columns as little-endian
///   doubles; then, to the end, pairs of UInt64 (point index, steps it held after its first) in
///   point order. A solver whose point stays put for thousands of steps (simulated annealing's
///   best point) stores a few bytes for them, and a derivative-free log without ‖∇f‖ 24 bytes a
///   point.
///
/// - `predicted` (2, schema v7): the held layout with its points coded by `PredictedDoubles`
///   (each column XORed with a prediction from the steps before, its zero bytes left out). A
///   header of three little-endian UInt64: the stored columns, the number of points and the
///   coded bytes; then the coded points, column after column; then the repeats as in `held`.
///   Gradient descent's points take 6 to 10 bytes instead of 32. A chunk is stored predicted only
///   when that is smaller than held.
///
/// The chunk carries the summary the run's row keeps (last and lowest f), found while packing.
struct IterateChunk: Sendable {
    enum Layout: Int {
        case flat = 0
        case held = 1
        case predicted = 2
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
    /// Bytes of the held layout's header, of the predicted layout's, and of one repeat.
    static let headerBytes = 16, predictedHeaderBytes = 24, repeatBytes = 16

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

    /// `log` in the held or predicted layout (see `pack(_:into:predicting:)`). A column is left
    /// out only when it is NaN with `Double.nan`'s very bits at every point, so what reads back
    /// is what was logged, bit for bit.
    static func pack(_ log: IterateLog, predicting: Bool = true) -> IterateChunk {
        var room = PackingRoom()
        return pack([log][...], into: &room, predicting: predicting)
    }

    /// Memory a writer keeps from chunk to chunk: a chunk is packed here, then copied out at its
    /// size, so that packing takes no fresh pages and zeroes nothing.
    struct PackingRoom {
        /// Only grows; the bytes past a chunk's are left as they are.
        fileprivate var bytes: [UInt8] = []

        /// Runs `body` on at least `count` bytes of room and returns the first `size` bytes
        /// it reports written, or nil when it reports nil.
        fileprivate mutating func writing(_ count: Int, _ body: (UnsafeMutableRawBufferPointer) -> Int?) -> Data? {
            if bytes.count < count { bytes += repeatElement(0, count: count - bytes.count) }
            return bytes.withUnsafeMutableBytes { raw in body(raw).map { Data(raw[..<$0]) } }
        }
    }

    /// Logs of consecutive steps (each starting where the one before ends) as one chunk, packed
    /// in `room`, predicted when `predicting` and that is smaller, else held. Fewer, larger
    /// chunks waste less of the store's pages: a chunk of 20 KB takes a 64 KB overflow page for
    /// its last 12 KB.
    static func pack(_ logs: ArraySlice<IterateLog>, into room: inout PackingRoom, predicting: Bool = true) -> IterateChunk {
        let stretch = Stretch(folding: logs)
        let columns = (0..<4).filter { stretch.known[$0] }
        let predicted = predicting ? packPredicted(stretch, columns: columns, into: &room) : nil
        return IterateChunk(firstStep: stretch.firstStep, count: stretch.count, layout: predicted == nil ? .held : .predicted,
                            data: predicted ?? packHeld(stretch, columns: columns, into: &room),
                            lastF: stretch.lastF, bestF: stretch.bestF)
    }

    /// A point held for more steps than one.
    struct Repeat: Equatable {
        /// The point's index among the stretch's points.
        var point: Int
        /// The steps it held after its first.
        var extraSteps: Int
    }

    /// Consecutive steps as points, each held for one step and the extra steps of its repeat; the
    /// points in pieces of the logs, one after another.
    private struct Stretch {
        let firstStep: Int
        private(set) var count = 0
        private(set) var pieces: [ArraySlice<SIMD4<Double>>] = []
        private(set) var pointCount = 0
        private(set) var repeats: [Repeat] = []
        /// The columns known (not NaN with `Double.nan`'s very bits) at some point.
        private(set) var known = SIMDMask<SIMD4<Int64>>(repeating: false)
        /// f of the last step, and the lowest finite f (nil when there is none).
        private(set) var lastF = Double.nan
        private(set) var bestF: Double?

        /// The steps of `logs`, each run of bit-identical neighbours (NaN payloads, signed zeros
        /// told apart) folded into one point and its repeat, so that what reads back is what was
        /// logged, bit for bit.
        init(folding logs: ArraySlice<IterateLog>) {
            firstStep = logs.first?.firstStep ?? 0
            let nan = SIMD4<UInt64>(repeating: Double.nan.bitPattern)
            var last = SIMD4<UInt64>(), best = Double.infinity
            for log in logs {
                let points = log.points
                count += points.count
                var start = points.startIndex
                for i in points.indices {
                    let bits = unsafeBitCast(points[i], to: SIMD4<UInt64>.self)
                    if bits == last && (pointCount > 0 || i > start) {
                        // A held step: the point before it ends the piece, and holds one step more.
                        if start < i {
                            pieces.append(points[start..<i])
                            pointCount += i - start
                        }
                        if repeats.last?.point == pointCount - 1 { repeats[repeats.count - 1].extraSteps += 1 } else {
                            repeats.append(Repeat(point: pointCount - 1, extraSteps: 1))
                        }
                        start = i + 1
                        continue
                    }
                    known .|= bits .!= nan
                    if points[i][2] < best { best = points[i][2] }
                    last = bits
                }
                if start < points.endIndex {
                    pieces.append(points[start...])
                    pointCount += points.endIndex - start
                }
            }
            lastF = count > 0 ? Double(bitPattern: last[2]) : .nan
            bestF = best.isFinite ? best : nil
        }
    }

    /// The header of both held layouts: the stored columns and the number of points.
    private static func storeHeader(columns: [Int], points: Int, in raw: UnsafeMutableRawBufferPointer) {
        let mask = columns.reduce(0) { $0 | UInt64(1) << UInt64($1) }
        raw.storeBytes(of: mask.littleEndian, toByteOffset: 0, as: UInt64.self)
        raw.storeBytes(of: UInt64(points).littleEndian, toByteOffset: 8, as: UInt64.self)
    }

    /// The repeats of both held layouts, from `offset` to the end.
    private static func storeRepeats(_ repeats: [Repeat], at offset: Int, in raw: UnsafeMutableRawBufferPointer) {
        var offset = offset
        for held in repeats {
            raw.storeBytes(of: UInt64(held.point).littleEndian, toByteOffset: offset, as: UInt64.self)
            raw.storeBytes(of: UInt64(held.extraSteps).littleEndian, toByteOffset: offset + 8, as: UInt64.self)
            offset += repeatBytes
        }
    }

    /// The held layout of `stretch`'s `columns`.
    private static func packHeld(_ stretch: Stretch, columns: [Int], into room: inout PackingRoom) -> Data {
        let size = headerBytes + stretch.pointCount * 8 * columns.count + stretch.repeats.count * repeatBytes
        return room.writing(size) { raw in
            storeHeader(columns: columns, points: stretch.pointCount, in: raw)
            var offset = headerBytes
            for p in stretch.pieces.joined() {
                for k in columns {
                    raw.storeBytes(of: p[k].bitPattern.littleEndian, toByteOffset: offset, as: UInt64.self)
                    offset += 8
                }
            }
            storeRepeats(stretch.repeats, at: offset, in: raw)
            return size
        } ?? Data()
    }

    /// The predicted layout of `stretch`'s `columns` when it is smaller than the held one, else nil.
    private static func packPredicted(_ stretch: Stretch, columns: [Int], into room: inout PackingRoom) -> Data? {
        let n = stretch.pointCount, repeats = stretch.repeats
        let heldBytes = headerBytes + n * 8 * columns.count + repeats.count * repeatBytes
        guard n > 1, !columns.isEmpty else { return nil }
        return room.writing(predictedHeaderBytes + columns.count * PredictedDoubles.capacity(count: n) + repeats.count * repeatBytes) { raw in
            var offset = predictedHeaderBytes
            for k in columns {
                var column = PredictedDoubles.ColumnEncoder(count: n, into: raw.baseAddress! + offset)
                for segment in stretch.pieces {
                    segment.withUnsafeBufferPointer { points in
                        guard let first = points.baseAddress else { return }
                        // A point's four values lie one after another: column k is every fourth Double from the k-th.
                        first.withMemoryRebound(to: Double.self, capacity: 4 * points.count) { values in
                            column.encode(values + k, stride: 4, count: points.count)
                        }
                    }
                }
                offset += column.bytesWritten
            }
            let size = offset + repeats.count * repeatBytes
            guard size < heldBytes else { return nil }
            storeHeader(columns: columns, points: n, in: raw)
            raw.storeBytes(of: UInt64(offset - predictedHeaderBytes).littleEndian, toByteOffset: 16, as: UInt64.self)
            storeRepeats(repeats, at: offset, in: raw)
            return size
        }
    }

    /// The iterates of a stored chunk of any layout. A damaged chunk (lengths that do not add up)
    /// gives only what it holds, and never more than `count` steps.
    static func unpack(firstStep: Int, count: Int, layout: Int, data: Data, into out: inout [SolverIterate]) {
        switch Layout(rawValue: layout) {
        case .flat: unpackFlat(firstStep: firstStep, count: count, data: data, into: &out)
        case .held: unpackHeld(firstStep: firstStep, count: count, data: data, predicted: false, into: &out)
        case .predicted: unpackHeld(firstStep: firstStep, count: count, data: data, predicted: true, into: &out)
        case nil: break  // a layout of a newer Opta: refused with its schema before reading gets here
        }
    }

    /// A damaged held or predicted chunk gives only the steps it says for certain: none when its
    /// points are cut short, and when repeats are missing from its end (its steps do not add up to
    /// `count`) the points up to the last repeat it still holds.
    private static func unpackHeld(firstStep: Int, count: Int, data: Data, predicted: Bool, into out: inout [SolverIterate]) {
        let header = predicted ? predictedHeaderBytes : headerBytes
        guard data.count >= header, count > 0 else { return }
        data.withUnsafeBytes { raw in
            func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
            let columns = (0..<4).filter { word(0) & (1 << UInt64($0)) != 0 }
            // The points, and where the repeats start.
            var points: [SIMD4<Double>]
            let repeatsStart: Int
            if predicted {
                guard word(8) <= UInt64(count), word(16) <= UInt64(data.count - header) else { return }
                points = Array(repeating: SIMD4(repeating: .nan), count: Int(word(8)))
                repeatsStart = header + Int(word(16))
                var offset = header
                for k in columns {
                    let coded = UnsafeRawBufferPointer(rebasing: raw[offset..<repeatsStart])
                    guard let used = PredictedDoubles.decode(count: points.count, from: coded, { points[$0][k] = $1 }) else { return }
                    offset += used
                }
            } else {
                let stride = 8 * columns.count
                let room = stride == 0 ? count : (data.count - header) / stride
                guard word(8) <= UInt64(min(room, count)) else { return }
                points = (0..<Int(word(8))).map { i in
                    var p = SIMD4<Double>(repeating: .nan)
                    for (j, k) in columns.enumerated() { p[k] = Double(bitPattern: word(header + i * stride + 8 * j)) }
                    return p
                }
                repeatsStart = header + points.count * stride
            }
            // Steps each point holds after its first, from the repeats in point order (one out of
            // order, which only damage makes, is passed over).
            var extra: [Int: Int] = [:]
            var total = points.count, lastHeld = -1
            for r in 0..<(data.count - repeatsStart) / repeatBytes {
                let point = word(repeatsStart + r * repeatBytes)
                guard point < UInt64(points.count), Int(point) > lastHeld else { continue }
                let steps = Int(min(word(repeatsStart + r * repeatBytes + 8), UInt64(count)))
                extra[Int(point)] = steps
                lastHeld = Int(point)
                total = min(total + steps, count + 1)
            }
            let kept = total < count ? lastHeld + 1 : points.count
            var step = firstStep, emitted = 0
            for (i, p) in points[..<kept].enumerated() where emitted < count {
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
