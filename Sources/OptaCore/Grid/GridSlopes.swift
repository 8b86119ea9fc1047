/// The PCHIP slopes ∂f/∂x and ∂f/∂y at every sample of a grid, computed once, on first use by
/// the interpolant (so reading a large file stays fast and a grid never drawn cubic never pays
/// for them). Float: the slopes only shape the curve between samples, and half the memory.
struct GridSlopes: Sendable {
    let dx: [Float]
    let dy: [Float]

    /// No slopes (linear and nearest interpolation, which never read them; one element each so
    /// the arrays have a base address).
    static let none = GridSlopes(dx: [0], dy: [0])

    private init(dx: [Float], dy: [Float]) {
        self.dx = dx
        self.dy = dy
    }

    init(_ grid: GridLandscape) {
        let n = grid.columns, m = grid.rows
        let xc = grid.x.coordinates, yc = grid.y.coordinates
        var dx = [Float](repeating: 0, count: n * m), dy = dx
        grid.values.withUnsafeBufferPointer { z in
            for j in 0..<m {
                let row = j * n
                for i in 0..<n {
                    let k = row + i
                    dx[k] = Float(GridLandscape.slope(i > 0 ? z[k - 1] : .nan, z[k], i + 1 < n ? z[k + 1] : .nan,
                                                      i > 0 ? xc[i] - xc[i - 1] : 1, i + 1 < n ? xc[i + 1] - xc[i] : 1))
                    dy[k] = Float(GridLandscape.slope(j > 0 ? z[k - n] : .nan, z[k], j + 1 < m ? z[k + n] : .nan,
                                                      j > 0 ? yc[j] - yc[j - 1] : 1, j + 1 < m ? yc[j + 1] - yc[j] : 1))
                }
            }
        }
        self.dx = dx
        self.dy = dy
    }
}
