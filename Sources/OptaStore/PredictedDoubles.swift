import Foundation

/// Lossless coding of columns of Doubles that change step by step (a solver's x, y, f and ‖∇f‖):
/// each value is XORed with a prediction from the values before it in its column and stored
/// without the zero bytes that leaves at its top. Gradient descent's iterates keep 1 to 2 of
/// their 8 bytes.
///
/// Two predictors: the value before (a), and the parabola through the three before (a, b, c):
/// 3(a − b) + c, kept only when finite, else a, so that no NaN's bits, which differ between
/// processors, are ever predicted. Each value keeps the one that leaves more zero bytes, named in
/// a 4-bit code: bit 3 the parabola, bits 0–2 the zero bytes left out (0–3 as themselves, 5–8 as
/// 4–7; 4 are stored as 3). (The line through two, 2a − b, left about twice the bytes.)
///
/// Coded bytes: the codes, two a byte (first value in the low half), then each value's kept bytes,
/// low byte first; columns one after another.
enum PredictedDoubles {
    /// Bytes the coding of `count` values can take at most: every value's 8 bytes and its code,
    /// and 8 bytes of room for the last value's 8-byte store.
    static func capacity(count: Int) -> Int { (count + 1) / 2 + 8 * count + 8 }

    /// Codes the `values` of one column into `out` (at least `capacity(count:)` bytes); returns
    /// the bytes written.
    static func encode(_ values: UnsafeBufferPointer<Double>, into out: UnsafeMutableRawBufferPointer) -> Int {
        guard let base = values.baseAddress, let start = out.baseAddress else { return 0 }
        var column = ColumnEncoder(count: values.count, into: start)
        column.encode(base, stride: 1, count: values.count)
        return column.bytesWritten
    }

    /// Codes one column of `count` values that may come in several pieces (the points of
    /// consecutive logs), each predicted from the values before it in the whole column.
    struct ColumnEncoder {
        private let codes: UnsafeMutablePointer<UInt8>
        /// Where the next value's bytes go.
        private var cursor: UnsafeMutableRawPointer
        /// Values coded so far.
        private var index = 0
        /// The last three values' bits, `a` the last.
        private var a: UInt64 = 0, b: UInt64 = 0, c: UInt64 = 0

        /// An encoder of `count` values into `out` (at least `capacity(count:)` bytes).
        init(count: Int, into out: UnsafeMutableRawPointer) {
            codes = out.assumingMemoryBound(to: UInt8.self)
            cursor = out + (count + 1) / 2
        }

        /// The bytes written so far (codes included).
        var bytesWritten: Int { UnsafeRawPointer(cursor) - UnsafeRawPointer(codes) }

        /// Codes the next `count` values, `values[i * stride]` the i-th. Two codes are made a
        /// byte at a time, so only a piece starting at an odd index reads a code byte back.
        @inline(__always)
        mutating func encode(_ values: UnsafePointer<Double>, stride: Int, count: Int) {
            guard count > 0 else { return }
            var value = values, left = count
            if index & 1 == 1 {
                codes[index >> 1] |= next(value.pointee.bitPattern) << 4
                index &+= 1
                value += stride
                left &-= 1
            }
            while left >= 2 {
                let low = next(value.pointee.bitPattern)
                let high = next(value[stride].bitPattern)
                codes[index >> 1] = low | high << 4
                index &+= 2
                value += 2 &* stride
                left &-= 2
            }
            if left == 1 {
                codes[index >> 1] = next(value.pointee.bitPattern)
                index &+= 1
            }
        }

        /// Stores `bits`' kept bytes (all 8 are written; the cursor moves past the kept ones,
        /// hence the 8 bytes of room at the end) and returns its code.
        @inline(__always)
        private mutating func next(_ bits: UInt64) -> UInt8 {
            let fromLast = bits ^ a, fromCurve = bits ^ predictedCurve(a, b, c)
            let zerosLast = fromLast.leadingZeroBitCount, zerosCurve = fromCurve.leadingZeroBitCount
            let useCurve = zerosCurve > zerosLast
            let residual = useCurve ? fromCurve : fromLast
            let zeros = (useCurve ? zerosCurve : zerosLast) >> 3
            cursor.storeBytes(of: residual.littleEndian, as: UInt64.self)
            cursor += 8 &- (zeros == 4 ? 3 : zeros)
            (a, b, c) = (bits, a, b)
            return UInt8(truncatingIfNeeded: zeros >= 4 ? zeros - 1 : zeros) | (useCurve ? 8 : 0)
        }
    }

    /// Decodes `count` values from `data` (which must hold all of their codes and bytes), calling
    /// `emit(i, value)` for each; returns the bytes read, or nil when `data` ends first.
    @inline(__always)
    static func decode(count: Int, from data: UnsafeRawBufferPointer, _ emit: (Int, Double) -> Void) -> Int? {
        let codeBytes = (count + 1) / 2
        guard count >= 0, data.count >= codeBytes else { return nil }
        var at = codeBytes
        var a: UInt64 = 0, b: UInt64 = 0, c: UInt64 = 0
        for i in 0..<count {
            let code = Int(data[i >> 1] >> UInt8((i & 1) << 2)) & 0xF
            let zeros = code & 7 <= 3 ? code & 7 : (code & 7) + 1
            let kept = 8 - zeros
            guard at + kept <= data.count else { return nil }
            var residual: UInt64 = 0
            if at + 8 <= data.count {
                residual = UInt64(littleEndian: data.loadUnaligned(fromByteOffset: at, as: UInt64.self))
                residual = kept == 0 ? 0 : residual & (UInt64.max >> UInt64(8 * zeros))
            } else {
                for k in 0..<kept { residual |= UInt64(data[at + k]) << UInt64(8 * k) }
            }
            at += kept
            let bits = residual ^ (code & 8 != 0 ? predictedCurve(a, b, c) : a)
            emit(i, Double(bitPattern: bits))
            (a, b, c) = (bits, a, b)
        }
        return at
    }

    /// The parabola's prediction from the three values before (`a` the last), as bits:
    /// 3(a − b) + c when finite, else a.
    @inline(__always)
    static func predictedCurve(_ a: UInt64, _ b: UInt64, _ c: UInt64) -> UInt64 {
        let curve = (Double(bitPattern: a) - Double(bitPattern: b)) * 3 + Double(bitPattern: c)
        return curve.isFinite ? curve.bitPattern : a
    }
}
