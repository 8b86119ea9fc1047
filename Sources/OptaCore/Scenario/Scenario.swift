/// A scene description users write as JSON: what to draw and how. `ScenarioLoader` reads and
/// validates it; every field is documented in docs/scenario.md.
public struct Scenario: Sendable, Equatable {
    public var title: String?
    /// Frame size; `opta render --width/--height` override it. Default 1920×1080.
    public var width: Int
    public var height: Int
    public var landscape: LandscapeSpec
    /// Paths drawn over the landscape: from `"paths"` and from `"pathsFile"` CSV files.
    public var paths: [PathSpec]
    public var axes: AxesSpec
    /// Optimizers to run on the landscape; their paths are drawn as they go.
    public var solvers: [SolverSpec]
    /// Solver steps per frame when frames are rendered headless (animations, replays).
    public var stepsPerFrame: Int
    /// The view to open with; nil shows the landscape's domain.
    public var camera: Camera2D?
    /// A node-link graph to show instead of a landscape (see `kind`).
    public var graph: GraphSpec?
    /// Several views side by side (e.g. landscape and convergence chart); empty shows the one view.
    public var panels: [PanelSpec] = []
    /// The 3D surface (`"view": "3d"`); nil draws the 2D landscape.
    public var surface: SurfaceSpec? = nil
    /// Stored runs to overlay (`"runs"`), as written, and as resolved from the run store.
    public var runReferences: [RunReference] = []
    public var recordedRuns: [RecordedRun] = []
    /// Things worth telling the user that did not stop loading, e.g. rows of a path file skipped
    /// for NaN. The command line prints them.
    public var warnings: [String] = []

    public init(title: String?, width: Int = 1920, height: Int = 1080, landscape: LandscapeSpec,
                paths: [PathSpec] = [], axes: AxesSpec = AxesSpec(), solvers: [SolverSpec] = [],
                stepsPerFrame: Int = 1, camera: Camera2D? = nil, graph: GraphSpec? = nil) {
        self.title = title
        self.width = width
        self.height = height
        self.landscape = landscape
        self.paths = paths
        self.axes = axes
        self.solvers = solvers
        self.stepsPerFrame = stepsPerFrame
        self.camera = camera
        self.graph = graph
    }
}

/// The function shown, over which domain, and how values become colours and contour lines.
public struct LandscapeSpec: Sendable, Equatable {
    public var objective: Objective
    public var domain: Domain
    public var scale: ScaleChoice
    /// Whether Opta chose `scale` from the values (`"scale": "auto"`, the default for formulas
    /// and grids), so the colour bar can say so.
    public var scaleIsAutomatic = false
    /// Added after subtracting the minimum, before the log (log scale only); nil chooses one.
    public var epsilon: Double?
    /// Value range of the colormap; nil ends are chosen from the data.
    public var vmin: Double?
    public var vmax: Double?
    public var colormap: Colormap
    public var contours: ContourSpec?
    /// Whether contour lines carry value labels.
    public var labels: Bool
    /// Whether known minima are marked.
    public var showMinima: Bool

    public init(objective: Objective, domain: Domain, scale: ScaleChoice = .log, epsilon: Double? = nil,
                vmin: Double? = nil, vmax: Double? = nil, colormap: Colormap = .viridis,
                contours: ContourSpec? = ContourSpec(), labels: Bool = false, showMinima: Bool = true) {
        self.objective = objective
        self.domain = domain
        self.scale = scale
        self.epsilon = epsilon
        self.vmin = vmin
        self.vmax = vmax
        self.colormap = colormap
        self.contours = contours
        self.labels = labels
        self.showMinima = showMinima
    }
}

/// Linear or logarithmic colour scale.
public enum ScaleChoice: String, Sendable, CaseIterable {
    case linear, log

    /// What `"scale": "auto"` picks for `objective` over `domain`, as a reader would: log when the
    /// values are not negative and the top of the range is more than three decades above its
    /// low end (the 1st percentile of samples on a grid, so one exact zero does not decide it),
    /// linear otherwise.
    public static func automatic(for objective: Objective, over domain: Domain) -> ScaleChoice {
        let n = 81
        var values: [Double] = []
        values.reserveCapacity(n * n)
        for j in 0..<n {
            let y = domain.y.lowerBound + (domain.y.upperBound - domain.y.lowerBound) * Double(j) / Double(n - 1)
            for i in 0..<n {
                let x = domain.x.lowerBound + (domain.x.upperBound - domain.x.lowerBound) * Double(i) / Double(n - 1)
                let f = objective.value(SIMD2(x, y))
                if f.isFinite { values.append(f) }
            }
        }
        guard let lowest = values.min(), let highest = values.max(), lowest >= 0, highest > 0 else { return .linear }
        values.sort()
        let low = values[values.count / 100]
        return highest > 1000 * low ? .log : .linear
    }
}

/// Which contour levels to draw and how.
public struct ContourSpec: Sendable, Equatable {
    /// Number of automatically placed levels (ignored when `levels` is given).
    public var count: Int
    /// Spacing of automatic levels: linear or logarithmic.
    public var logSpacing: Bool?
    /// The f range automatic levels span (ends included); nil spans the colour range.
    public var range: ClosedRange<Double>?
    /// Explicit levels.
    public var levels: [Double]?
    public var width: Double
    public var color: SceneColor

    /// Contour lines are white unless the scenario says otherwise.
    public static let defaultColor = SceneColor(unchecked: [1, 1, 1])

    public init(count: Int = 10, logSpacing: Bool? = nil, range: ClosedRange<Double>? = nil, levels: [Double]? = nil,
                width: Double = 0.8, color: SceneColor = defaultColor) {
        self.count = count
        self.logSpacing = logSpacing
        self.range = range
        self.levels = levels
        self.width = width
        self.color = color
    }
}

/// A path across the landscape, e.g. the iterates an optimizer logged.
public struct PathSpec: Sendable, Equatable {
    public var name: String
    public var points: [SIMD2<Double>]
    /// Nil takes the next colour of the qualitative palette.
    public var color: SceneColor?
    public var width: Double
    /// Whether every iterate gets a disk marker, and its radius in pixels.
    public var markers: Bool
    public var markerRadius: Double
    /// f at each point as the run logged it (NaN where it did not); nil evaluates the landscape.
    public var values: [Double]? = nil
    /// The step of each point as logged (increasing); nil numbers the points 0, 1, 2, ….
    public var steps: [Double]? = nil

    public init(name: String, points: [SIMD2<Double>], color: SceneColor? = nil, width: Double = 1.5,
                markers: Bool = true, markerRadius: Double = 3) {
        self.name = name
        self.points = points
        self.color = color
        self.width = width
        self.markers = markers
        self.markerRadius = markerRadius
    }
}

/// Axis titles and tick spacing, the colourbar and the legend.
public struct AxesSpec: Sendable, Equatable {
    public var xTitle: String
    public var yTitle: String
    /// Tick spacing in domain units; nil picks "nice" values.
    public var xStep: Double?
    public var yStep: Double?
    public var colorbar: Bool
    public var legend: Bool
    /// Where the legend goes when shown.
    public var legendPosition: LegendPosition

    public init(xTitle: String = "x", yTitle: String = "y", xStep: Double? = nil, yStep: Double? = nil,
                colorbar: Bool = true, legend: Bool = true, legendPosition: LegendPosition = .best) {
        self.xTitle = xTitle
        self.yTitle = yTitle
        self.xStep = xStep
        self.yStep = yStep
        self.colorbar = colorbar
        self.legend = legend
        self.legendPosition = legendPosition
    }
}

/// Where a figure puts its legend: a corner of the plot, outside it on the right, or `best`,
/// the corner covering the least data (outside when no corner is clear), like matplotlib's
/// `loc="best"`. Raw values are the scenario's words.
public enum LegendPosition: String, Sendable, Equatable, CaseIterable {
    case best
    case upperRight = "upper right"
    case upperLeft = "upper left"
    case lowerLeft = "lower left"
    case lowerRight = "lower right"
    case outside
}

/// An optimizer the scenario runs: method, start, step budget, hyper-parameters and seed.
public struct SolverSpec: Sendable, Equatable {
    /// Unique name; also the legend entry.
    public var id: String
    public var method: SolverMethod
    public var start: SIMD2<Double>
    /// Steps to take at most.
    public var steps: Int
    /// Hyper-parameters by name (e.g. "learningRate"); missing ones take the method's defaults.
    public var parameters: [String: Double]
    public var seed: UInt64
    /// Nil takes the palette's next colour.
    public var color: SceneColor?

    public init(id: String, method: SolverMethod, start: SIMD2<Double>, steps: Int = 200,
                parameters: [String: Double] = [:], seed: UInt64 = 1, color: SceneColor? = nil) {
        self.id = id
        self.method = method
        self.start = start
        self.steps = steps
        self.parameters = parameters
        self.seed = seed
        self.color = color
    }
}

extension Objective: Equatable {
    /// Built-ins are equal by name, formulas by their source text, grids by source, coordinates and samples.
    public static func == (a: Objective, b: Objective) -> Bool {
        switch (a, b) {
        case (.builtin(let x), .builtin(let y)): x == y
        case (.expression(let x), .expression(let y)): x.source == y.source
        case (.grid(let x), .grid(let y)): x === y || (x.source == y.source && x.interpolation == y.interpolation
            && x.x == y.x && x.y == y.y && x.values == y.values)
        default: false
        }
    }
}
