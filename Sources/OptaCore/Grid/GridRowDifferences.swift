/// ∂f/∂y of a tile's cubic rows from the rows around them, not from the interpolant: the
/// central difference (f(r + 1) − f(r − 1)) / (y(r + 1) − y(r − 1)) of the pixel rows above and
/// below, one-sided where one of them is undefined or off the grid, 0 where both are (and where
/// the row itself is). The shader needs ∂f/∂y only for the width of contour lines, which a
/// difference over two pixels gives as well; skipping the interpolant's ∂y and ∂x∂y halves the
/// slices a pixel picks. Values and ∂f/∂x are the interpolant's, bit for bit.
///
/// Each row's values are sampled once: a tile's rows come in order, so the row below the last
/// one asked for is kept and only the next one is sampled (a tile of n rows samples n + 2).
/// Every row's result depends only on the rows r − 1, r, r + 1, so a frame is the same whatever
/// its tiles and threads.
extension GridLandscape {
    func withRowDifferences<R>(_ pass: RowPass, rows: PixelRows, table: GridRowTable, _ body: (RowFill) -> R) -> R {
        func entry(_ r: Int) -> GridRowTable.Entry? { rows.rows.contains(r) ? table.entry(r) : nil }
        let padded = (pass.count + 7) & ~7
        return withUnsafeTemporaryAllocation(of: Float.self, capacity: 5 * padded) { scratch in
            let base = scratch.baseAddress!
            // Values of rows r − 1, r, r + 1 and ∂f/∂x of rows r, r + 1, once row r has been asked.
            var (above, middle, below) = (base, base + padded, base + 2 * padded)
            var (middleX, belowX) = (base + 3 * padded, base + 4 * padded)
            var asked = Int.min
            return body { r, out, gradX, gradY in
                if asked != Int.min && asked == r - 1 {
                    (above, middle, below) = (middle, below, above)
                    (middleX, belowX) = (belowX, middleX)
                } else {
                    fillValueAndX(pass, entry(r - 1), out: above, gradX: belowX)
                    fillValueAndX(pass, entry(r), out: middle, gradX: middleX)
                }
                fillValueAndX(pass, entry(r + 1), out: below, gradX: belowX)
                asked = r
                Self.differencesY(count: pass.count, above: above, middle: middle, below: below, middleX: middleX,
                                  spans: (rows.y(r + 1) - rows.y(r - 1), rows.y(r) - rows.y(r - 1), rows.y(r + 1) - rows.y(r)),
                                  out: out, gradX: gradX, gradY: gradY)
            }
        }
    }

    /// Writes row `middle`'s values and ∂f/∂x out, and its ∂f/∂y from the rows `above` and
    /// `below` (`spans`: y from above to below, above to middle, middle to below).
    @inline(__always)
    static func differencesY(count: Int, above: UnsafePointer<Float>, middle: UnsafePointer<Float>, below: UnsafePointer<Float>,
                             middleX: UnsafePointer<Float>, spans: (Double, Double, Double),
                             out: UnsafeMutablePointer<Float>, gradX: UnsafeMutablePointer<Float>, gradY: UnsafeMutablePointer<Float>) {
        typealias V = SIMD8<Float>
        let central = V(repeating: Float(1 / spans.0)), upper = V(repeating: Float(1 / spans.1))
        let lower = V(repeating: Float(1 / spans.2))
        var k = 0
        while k < count {
            let a = FastLoad.load(above, k), m = FastLoad.load(middle, k), b = FastLoad.load(below, k)
            let aDefined = definedMask(a), bDefined = definedMask(b)
            // Central where both neighbours are defined, else the one-sided difference with the
            // defined one, else 0; 0 too where the row itself is undefined.
            var gy = select(bDefined, (b - m) * lower, otherwise: select(aDefined, (m - a) * upper, otherwise: .zero))
            gy = select(aDefined & bDefined, (b - a) * central, otherwise: gy)
            gy = select(definedMask(m), gy, otherwise: .zero)
            store8(m, FastLoad.load(middleX, k), gy, at: k, lanes: min(8, count - k), out: out, gradX: gradX, gradY: gradY)
            k += 8
        }
    }

    /// All ones in the lanes of `v` that are finite, zeros where NaN or ±∞ (integer bit logic:
    /// SIMDMask operations compile to lane-by-lane code).
    @inline(__always)
    static func definedMask(_ v: SIMD8<Float>) -> SIMD8<UInt32> {
        let exponent = unsafeBitCast(v, to: SIMD8<UInt32>.self) & 0x7F80_0000
        // An exponent of all ones plus one ulp of the exponent carries into the sign bit.
        let undefined = unsafeBitCast(exponent &+ 0x0080_0000, to: SIMD8<Int32>.self) &>> 31
        return ~unsafeBitCast(undefined, to: SIMD8<UInt32>.self)
    }

    /// `a` in the lanes where `mask` is all ones, else `b`.
    @inline(__always)
    static func select(_ mask: SIMD8<UInt32>, _ a: SIMD8<Float>, otherwise b: SIMD8<Float>) -> SIMD8<Float> {
        let bits = (unsafeBitCast(a, to: SIMD8<UInt32>.self) & mask) | (unsafeBitCast(b, to: SIMD8<UInt32>.self) & ~mask)
        return unsafeBitCast(bits, to: SIMD8<Float>.self)
    }
}
