/// A grid's samples and their PCHIP node slopes ∂f/∂x and ∂f/∂y as Float, in blocks of eight
/// columns — 8 samples, their 8 ∂f/∂x, their 8 ∂f/∂y — so the row sampler reads one grid row
/// with aligned vector loads from one stream (12 bytes a sample). Rows are padded to whole
/// blocks with zeros, which no cell reads.
///
/// Made once, on first use by the interpolant (so reading a large file stays fast and a grid
/// drawn nearest never pays for it). Float: the rows the shader sees are Float, and the slopes
/// only shape the curve between samples. Points (`evaluate`) keep the Double samples and read
/// only the slopes from here. Linear interpolation stores zero slopes. The floats live in 2 MB
/// pages (`HugePageFloats`): each frame streams the whole grid.
struct GridBlocks: Sendable {
    let storage: HugePageFloats
    var floats: UnsafeBufferPointer<Float> { storage.buffer }
    let blocksPerRow: Int

    /// Floats from one block's samples to its ∂f/∂x, and to its ∂f/∂y.
    static let dxLane = 8, dyLane = 16
    /// Floats in one block.
    static let blockFloats = 24

    /// Where sample (row j, column i) is in `floats`; its slopes are `dxLane` and `dyLane` after.
    @inline(__always)
    func index(row j: Int, column i: Int) -> Int {
        (j * blocksPerRow + (i >> 3)) * Self.blockFloats + (i & 7)
    }

    init(_ grid: GridLandscape, slopes: Bool) {
        let n = grid.columns, m = grid.rows
        let blocksPerRow = (n + 7) / 8
        let xc = grid.x.coordinates, yc = grid.y.coordinates
        let storage = HugePageFloats(count: m * blocksPerRow * Self.blockFloats)
        let out = storage.mutable
        grid.values.withUnsafeBufferPointer { z in
            for j in 0..<m {
                let row = j * n
                for i in 0..<n {
                    let k = row + i, at = (j * blocksPerRow + (i >> 3)) * Self.blockFloats + (i & 7)
                    out[at] = Float(z[k])
                    guard slopes else { continue }
                    out[at + Self.dxLane] = Float(GridLandscape.slope(i > 0 ? z[k - 1] : .nan, z[k], i + 1 < n ? z[k + 1] : .nan,
                                                                      i > 0 ? xc[i] - xc[i - 1] : 1, i + 1 < n ? xc[i + 1] - xc[i] : 1))
                    out[at + Self.dyLane] = Float(GridLandscape.slope(j > 0 ? z[k - n] : .nan, z[k], j + 1 < m ? z[k + n] : .nan,
                                                                      j > 0 ? yc[j] - yc[j - 1] : 1, j + 1 < m ? yc[j + 1] - yc[j] : 1))
                }
            }
        }
        self.storage = storage
        self.blocksPerRow = blocksPerRow
    }
}
