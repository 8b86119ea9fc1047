import CVectorOps

/// A grid's samples as Float and their PCHIP node slopes ∂f/∂x and ∂f/∂y as 16-bit brain floats,
/// in blocks of eight columns — 8 samples, their 8 ∂f/∂x, their 8 ∂f/∂y: 64 bytes, one cache line
/// — so the row sampler reads one grid row with vector loads from one stream (8 bytes a sample).
/// Rows are padded to whole blocks with zeros, which no cell reads.
///
/// Made once, on first use by the interpolant (so reading a large file stays fast and a grid
/// drawn nearest never pays for it). Samples are Float: the rows the shader sees are Float.
/// Slopes only shape the curve between samples, so they keep Float's exponent and its top 7
/// mantissa bits (`brainFloat`), cut toward zero: a slope is never larger than PCHIP's, which
/// keeps every piece monotone (no overshoot), and its relative error is below 2⁻⁷, which moves a
/// value by less than 0.15 · 2⁻⁷ of its cell's rise. Each frame streams the whole grid, so the
/// bytes per sample are what a large grid's frame waits on. Points (`evaluate`) keep the Double
/// samples and read the same slopes from here, so solvers see the function the heatmap shows.
/// Linear interpolation stores zero slopes. The blocks live in 2 MB pages (`HugePageFloats`).
struct GridBlocks: Sendable {
    let storage: HugePageFloats
    var floats: UnsafeBufferPointer<Float> { storage.buffer }
    let blocksPerRow: Int

    /// Floats from a block's start to its ∂f/∂x (8 brain floats), and to its ∂f/∂y.
    static let dxLane = 8, dyLane = 12
    /// Floats in one block (64 bytes).
    static let blockFloats = 16

    /// Where the block holding sample (row j, column i) starts in `floats`, and the column's lane.
    @inline(__always)
    func block(row j: Int, column i: Int) -> (start: Int, lane: Int) {
        ((j * blocksPerRow + (i >> 3)) * Self.blockFloats, i & 7)
    }

    /// The node slopes of sample (row j, column i).
    @inline(__always)
    func slopes(row j: Int, column i: Int) -> (dx: Float, dy: Float) {
        let (start, lane) = block(row: j, column: i)
        let base = floats.baseAddress! + start
        return (Self.slope(base + Self.dxLane, lane: lane), Self.slope(base + Self.dyLane, lane: lane))
    }

    /// The brain float at `lane` of the eight stored from `p` on, as a Float.
    @inline(__always)
    static func slope(_ p: UnsafePointer<Float>, lane: Int) -> Float {
        let bits = UnsafeRawPointer(p).load(fromByteOffset: 2 * lane, as: UInt16.self)
        return Float(bitPattern: UInt32(bits) << 16)
    }

    /// The eight brain floats stored from `p` on, as Floats (a widening shift: exact).
    @inline(__always)
    static func slopes8(_ p: UnsafePointer<Float>) -> SIMD8<Float> {
        opta_widen_brain8(p)
    }

    /// `value` as a brain float: Float's sign, exponent and top 7 mantissa bits, cut toward zero
    /// (so ±∞ stay, and the magnitude never grows); NaN stays NaN.
    static func brainFloat(_ value: Double) -> UInt16 {
        value.isNaN ? 0x7FC0 : UInt16(truncatingIfNeeded: Float(value).bitPattern >> 16)
    }

    init(_ grid: GridLandscape, slopes: Bool) {
        let n = grid.columns, m = grid.rows
        let blocksPerRow = (n + 7) / 8
        let xc = grid.x.coordinates, yc = grid.y.coordinates
        let storage = HugePageFloats(count: m * blocksPerRow * Self.blockFloats)
        let out = storage.mutable
        let raw = UnsafeMutableRawPointer(out.baseAddress!)
        grid.values.withUnsafeBufferPointer { z in
            for j in 0..<m {
                let row = j * n
                for i in 0..<n {
                    let k = row + i, start = (j * blocksPerRow + (i >> 3)) * Self.blockFloats, lane = i & 7
                    out[start + lane] = Float(z[k])
                    guard slopes else { continue }
                    let dx = GridLandscape.slope(i > 0 ? z[k - 1] : .nan, z[k], i + 1 < n ? z[k + 1] : .nan,
                                                 i > 0 ? xc[i] - xc[i - 1] : 1, i + 1 < n ? xc[i + 1] - xc[i] : 1)
                    let dy = GridLandscape.slope(j > 0 ? z[k - n] : .nan, z[k], j + 1 < m ? z[k + n] : .nan,
                                                 j > 0 ? yc[j] - yc[j - 1] : 1, j + 1 < m ? yc[j + 1] - yc[j] : 1)
                    raw.storeBytes(of: Self.brainFloat(dx), toByteOffset: 4 * (start + Self.dxLane) + 2 * lane, as: UInt16.self)
                    raw.storeBytes(of: Self.brainFloat(dy), toByteOffset: 4 * (start + Self.dyLane) + 2 * lane, as: UInt16.self)
                }
            }
        }
        self.storage = storage
        self.blocksPerRow = blocksPerRow
    }
}
