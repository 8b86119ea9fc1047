import OptaSupport

/// A landscape given as samples on a rectilinear grid — a loss surface computed elsewhere — read
/// between the samples by an interpolant with a gradient, so it sits behind the same seam as
/// built-in functions and formulas (`Objective.grid`): heatmap, contours, surface and solvers.
///
/// Orientation follows numpy: `values[j * columns + i]` is Z[j, i], the value at
/// (x = x.coordinates[i], y = y.coordinates[j]). NaN and ±∞ samples are allowed; the interpolant is
/// undefined (NaN) in every cell touching one. Outside the grid the landscape is undefined too.
///
/// Immutable after `init`, so it is shared freely between the render and solver threads.
public final class GridLandscape: Sendable {
    /// Samples per row (x) and per column (y).
    public let columns: Int
    public let rows: Int
    public let x: GridAxis
    public let y: GridAxis
    /// Row-major samples, `rows * columns` of them.
    public let values: [Double]
    public let interpolation: GridInterpolation
    public let source: GridSource
    /// The lowest finite sample and where it is; nil is impossible (`make` rejects all-NaN grids).
    public let lowest: KnownMinimum
    /// Lowest and highest finite sample. Cubic interpolation is monotone along grid lines, so the
    /// colour range read off the samples is the range the picture shows (to within the cell
    /// interiors, which the Hermite blend keeps close).
    public let finiteRange: ClosedRange<Double>
    /// Number of NaN or infinite samples.
    public let undefinedCount: Int
    /// The Float samples and node slopes the row sampler reads, made by the first thread that
    /// needs them (the lock makes the others wait for that one result; afterwards it only hands
    /// out the array).
    private let blockStore = Locked<GridBlocks?>(nil)
    /// The row tables of the plots that drew this grid last, most recent first (`rowTable`).
    let rowTables = Locked<[GridRowTable]>([])

    /// The samples and slopes in blocks (zero slopes unless cubic), made on first call.
    var blocks: GridBlocks {
        blockStore.withLock { stored in
            if let stored { return stored }
            let made = GridBlocks(self, slopes: interpolation == .cubic)
            stored = made
            return made
        }
    }

    /// The most samples Opta takes in one grid: 8192 × 8192 (512 MB as Double). Readers check
    /// the sizes in file headers against this before allocating.
    public static let maximumCells = 8192 * 8192
    /// The most samples along one side.
    public static let maximumSide = 1 << 20

    /// Checks shape, coordinates and values; `source` names the data in errors.
    /// Coordinates that all decrease are accepted: the grid is flipped to increase.
    public static func make(values: [Double], rows: Int, columns: Int, x: [Double], y: [Double],
                            interpolation: GridInterpolation, source: GridSource) throws(GridError) -> GridLandscape {
        let where_ = source.file ?? "landscape.grid"
        let dataset = source.dataset.map { "dataset \($0)" }
        guard rows >= 2, columns >= 2 else {
            throw GridError(source: where_, location: dataset,
                            message: "has shape (\(rows), \(columns)); a grid needs at least 2 × 2 samples (rows are y, columns are x)")
        }
        guard rows <= maximumSide, columns <= maximumSide, rows * columns <= maximumCells, values.count == rows * columns else {
            throw GridError(source: where_, location: dataset,
                            message: "has shape (\(rows), \(columns)), more than Opta's limit of \(maximumCells) samples; subsample it")
        }
        guard x.count == columns else {
            throw GridError(source: where_, location: dataset,
                            message: "has \(columns) columns but \(x.count) x coordinates; Z[j, i] pairs with y[j] and x[i] (transpose Z if it is Z[x, y])")
        }
        guard y.count == rows else {
            throw GridError(source: where_, location: dataset,
                            message: "has \(rows) rows but \(y.count) y coordinates; Z[j, i] pairs with y[j] and x[i] (transpose Z if it is Z[x, y])")
        }
        var values = values, xs = x, ys = y
        // Decreasing coordinates (e.g. y from top to bottom, as images store it): flip that axis.
        if xs.count >= 2, xs[0] > xs[xs.count - 1] {
            xs.reverse()
            for j in 0..<rows { values[(j * columns)..<((j + 1) * columns)].reverse() }
        }
        if ys.count >= 2, ys[0] > ys[ys.count - 1] {
            ys.reverse()
            for j in 0..<(rows / 2) {
                for i in 0..<columns { values.swapAt(j * columns + i, (rows - 1 - j) * columns + i) }
            }
        }
        let xAxis: GridAxis, yAxis: GridAxis
        switch GridAxis.make(xs) {
        case .success(let a): xAxis = a
        case .failure(let p): throw GridError(source: where_, location: "x coordinates", message: p.text)
        }
        switch GridAxis.make(ys) {
        case .success(let a): yAxis = a
        case .failure(let p): throw GridError(source: where_, location: "y coordinates", message: p.text)
        }
        let (low, hi, undefined) = finiteExtremes(values)
        guard low <= hi, let at = values.firstIndex(where: { $0 == low }) else {
            throw GridError(source: where_, location: dataset,
                            message: "holds no finite number (all \(values.count) samples are NaN or infinite); check the array that was saved")
        }
        return GridLandscape(values: values, rows: rows, columns: columns, x: xAxis, y: yAxis, interpolation: interpolation,
                             source: source, lowest: KnownMinimum(point: SIMD2(xAxis.coordinates[at % columns], yAxis.coordinates[at / columns]), value: values[at]),
                             finiteRange: values[at]...hi, undefinedCount: undefined)
    }

    /// The lowest and highest finite value (∞ and −∞ when there is none) and how many values are
    /// NaN or infinite, four lanes at a time (a 4096² grid is scanned as it loads).
    static func finiteExtremes(_ values: [Double]) -> (lowest: Double, highest: Double, undefined: Int) {
        typealias V = SIMD4<Double>
        var lo = V(repeating: .infinity), hi = V(repeating: -.infinity), undefined = SIMD4<Int64>()
        let lanes = values.count / 4 * 4
        values.withUnsafeBufferPointer { z in
            guard let base = z.baseAddress else { return }
            var k = 0
            while k < lanes {
                let v = UnsafeRawPointer(base + k).loadUnaligned(as: V.self)
                // v − v is 0 for finite v, NaN for NaN and ±∞.
                let finite = v - v .== V.zero
                lo.replace(with: v, where: finite .& (v .< lo))
                hi.replace(with: v, where: finite .& (v .> hi))
                undefined &+= SIMD4<Int64>(repeating: 1).replacing(with: 0, where: finite)
                k += 4
            }
        }
        var lowest = lo.min(), highest = hi.max(), count = Int(undefined.wrappedSum())
        for v in values[lanes...] {
            guard v.isFinite else { count += 1; continue }
            lowest = min(lowest, v)
            highest = max(highest, v)
        }
        return (lowest, highest, count)
    }

    private init(values: [Double], rows: Int, columns: Int, x: GridAxis, y: GridAxis, interpolation: GridInterpolation,
                 source: GridSource, lowest: KnownMinimum, finiteRange: ClosedRange<Double>, undefinedCount: Int) {
        self.values = values
        self.rows = rows
        self.columns = columns
        self.x = x
        self.y = y
        self.interpolation = interpolation
        self.source = source
        self.lowest = lowest
        self.finiteRange = finiteRange
        self.undefinedCount = undefinedCount
    }

    /// The rectangle the samples cover.
    public var domain: Domain { Domain(x: x.lower...x.upper, y: y.lower...y.upper) }

    /// The same samples read with another interpolation.
    public func with(interpolation: GridInterpolation) -> GridLandscape {
        GridLandscape(values: values, rows: rows, columns: columns, x: x, y: y, interpolation: interpolation, source: source,
                      lowest: lowest, finiteRange: finiteRange, undefinedCount: undefinedCount)
    }

    /// The same samples placed evenly over `domain` (for grids whose file had no coordinates).
    public func placed(over domain: Domain) -> GridLandscape {
        var source = self.source
        source.indexCoordinates = false
        let x = GridAxis.uniform(domain.x.lowerBound, domain.x.upperBound, count: columns)
        let y = GridAxis.uniform(domain.y.lowerBound, domain.y.upperBound, count: rows)
        let at = values.firstIndex(of: lowest.value) ?? 0
        return GridLandscape(values: values, rows: rows, columns: columns, x: x, y: y, interpolation: interpolation, source: source,
                             lowest: KnownMinimum(point: SIMD2(x.coordinates[at % columns], y.coordinates[at / columns]), value: lowest.value),
                             finiteRange: finiteRange, undefinedCount: undefinedCount)
    }

    /// "train_loss from surface.h5 (51 × 51)": the title and the tree's name for the landscape.
    public var displayName: String { "\(source.name) (\(rows) × \(columns))" }
}
