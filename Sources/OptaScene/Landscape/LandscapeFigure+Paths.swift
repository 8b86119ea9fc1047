import OptaCore
import OptaRaster
import Shaders

extension LandscapeFigure {
    func addContourLabels(_ list: inout FigureCanvas, _ labels: [(label: ContourLabelPlacer.Label, stamp: TextStamp, origin: SIMD2<Int>)]) {
        let c = scenario.landscape.contours?.color ?? ContourSpec.defaultColor
        let color = RGBA(c).with(alpha: 1)
        // Luma from the Double components: rounding to Float first could flip the halo of a
        // colour right at the threshold.
        let light = 0.3 * c.red + 0.59 * c.green + 0.11 * c.blue > 0.5
        let haloColor = light ? RGBA(0, 0, 0, 0.35) : RGBA(1, 1, 1, 0.5)
        for entry in labels {
            let halo = entry.stamp.halo(radius: 1)
            list.append(halo.maskItem(at: entry.origin &- 1, color: haloColor))
            list.append(entry.stamp, at: entry.origin, color: color, text: entry.label.text)
        }
    }

    /// An opaque border `width` pixels wide just inside `r`.
    static func addBorder(_ list: inout FigureCanvas, _ r: PixelRectF, color: RGBA, width: Float = 1) {
        list.append(.rect(PixelRectF(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y0 + width), fill: color))
        list.append(.rect(PixelRectF(x0: r.x0, y0: r.y1 - width, x1: r.x1, y1: r.y1), fill: color))
        list.append(.rect(PixelRectF(x0: r.x0, y0: r.y0, x1: r.x0 + width, y1: r.y1), fill: color))
        list.append(.rect(PixelRectF(x0: r.x1 - width, y0: r.y0, x1: r.x1, y1: r.y1), fill: color))
    }

    // MARK: Paths and markers

    /// What a path shows in the plot: its line cut to the plot, its marked points and its ends
    /// (nil when outside the plot), in frame pixels.
    struct PathMarks {
        let pieces: [[SIMD2<Float>]]
        let dots: [SIMD2<Float>]
        let start: SIMD2<Float>?
        let end: SIMD2<Float>?
    }

    /// The marks of `path`, the figure's path at `index`.
    func marks(_ path: PathSpec, at index: Int) -> PathMarks {
        // Long paths come thinned and cut to the plot from `thinnedPaths` (kept between frames, so
        // an unchanged path's pieces are the same arrays every frame); thinning keeps the ends.
        let lo = SIMD2<Float>(Float(layout.plot.x0), Float(layout.plot.y0))
        let hi = SIMD2<Float>(Float(layout.plot.x1), Float(layout.plot.y1))
        let line = thinnedPaths.line(of: path, at: index, framePoint, lo: lo, hi: hi)
        let drawn = line.points
        // Markers at every point, also where the line was thinned.
        let points = path.markers && drawn.count != path.points.count ? path.points.map(framePoint) : drawn
        let inside: (SIMD2<Float>) -> Bool = { p in p.x.isFinite && p.y.isFinite && all(p .>= lo) && all(p .<= hi) }
        return PathMarks(pieces: line.pieces,
                         dots: path.markers ? points.filter(inside) : [],
                         start: drawn.first.flatMap { inside($0) ? $0 : nil },
                         end: drawn.count > 1 ? drawn.last.flatMap { inside($0) ? $0 : nil } : nil)
    }

    /// Draws `path`, the figure's path at `index`. A long `followed` path (a followed log, which
    /// grows by thousands of points a frame) is drawn from its stroke coverage (`PathCoverage`),
    /// which grows with it, rather than stroked whole each frame; the same pixels, without
    /// thinning.
    func addPath(_ list: inout FigureCanvas, _ path: PathSpec, at index: Int, color: RGBA, followed: Bool = false) {
        let marks = marks(path, at: index)
        let s = layout.strokeScale
        let width = Float(path.width) * s, outlineWidth = PathStroke.haloWidth * s
        if followed, !path.markers, path.points.count > PolylineThinning.budget, width.isFinite, width > 0 {
            let plot = layout.plot
            let items = coveredPaths.update(path, at: index, start: { PathCoverage(plot: plot, width: width, outlineWidth: outlineWidth) },
                                            add: { $0.append(framePoint($1)) },
                                            read: { $0.items(color: color, outline: PathStroke.outline(for: color)) })
            for item in items { list.append(item) }
        } else {
            PathStroke.append(&list, pieces: marks.pieces, width: width, dots: marks.dots,
                              dotRadius: Float(path.markerRadius) * s, color: color, scale: s)
        }
        // Start: a hollow ring; end: a disk of the same size with a dark rim. Both whole inside the plot.
        let r = Self.endMarkerRadius
        if let start = marks.start {
            list.append(.disk(center: markerCenter(start, reach: (r + 1.25) * s), radius: r * s, fill: RGBA(1, 1, 1),
                              outlineWidth: 2.5 * s, outline: color))
        }
        if let end = marks.end {
            list.append(.disk(center: markerCenter(end, reach: (r + 0.75) * s), radius: r * s, fill: color,
                              outlineWidth: 1.5 * s, outline: Self.ink))
        }
    }

    /// Where a marker reaching `reach` pixels around `p` (a point in the plot) is drawn: at `p`,
    /// or, for a point nearer the plot's edge than that (a run that starts on the domain's edge,
    /// a minimum on it), moved in just far enough that the plot holds the marker whole rather
    /// than the frame cutting it. It moves by less than its reach, so it still covers its point;
    /// a plot too small for the marker has it at its middle.
    func markerCenter(_ p: SIMD2<Float>, reach: Float) -> SIMD2<Float> {
        let plot = plotRect, r = reach + 0.5
        let lo = SIMD2(plot.x0 + r, plot.y0 + r), hi = SIMD2(plot.x1 - r, plot.y1 - r)
        let middle = (lo + hi) / 2
        return SIMD2(lo.x <= hi.x ? min(max(p.x, lo.x), hi.x) : middle.x, lo.y <= hi.y ? min(max(p.y, lo.y), hi.y) : middle.y)
    }

    /// What contour labels keep clear of: the paths' lines (by half the widest stroke with its
    /// halo and half a label's height), their marked points and ends, and the minimum markers,
    /// each as large as it is drawn at the figure's stroke scale (twice its 1080 p size at 4K).
    static func labelObstacles(_ paths: [PathSpec], minima: [SIMD2<Double>], viewport: PlotViewport,
                               labelSize: Int) -> ContourLabelPlacer.Obstacles {
        let toFrame: (SIMD2<Double>) -> SIMD2<Float> = { p in
            let q = viewport.framePoint(p)
            return SIMD2(Float(q.x), Float(q.y))
        }
        let s = LandscapeLayout.strokeScale(labelSize: labelSize)
        var obstacles = ContourLabelPlacer.Obstacles()
        let widest = paths.map(\.width).max() ?? 0
        obstacles.lineClearance = Float(labelSize) * 0.5 + (Float(widest) / 2 + PathStroke.haloWidth) * s
        for path in paths {
            let points = path.points.map(toFrame)
            obstacles.lines.append(points)
            if path.markers { obstacles.discs += points.map { ($0, (Float(path.markerRadius) + PathStroke.haloWidth) * s) } }
            for end in [points.first, points.last].compactMap({ $0 }) { obstacles.discs.append((end, 8 * s)) }
        }
        obstacles.discs += minima.map { (toFrame($0), 9 * s) }
        return obstacles
    }

    /// Radius of a path's start ring and end disk.
    static let endMarkerRadius: Float = 6

    /// How far past a point in the plot anything drawn for it may reach: the minimum marker's
    /// cross (half-diagonal plus half its width), the end markers, the paths' dots and strokes
    /// with their halos, at the figure's stroke scale. Whole pixels, plus one for anti-aliasing.
    func markerReach(_ paths: [PathSpec]) -> Float {
        var reach = MinimumMarker.half * Float(2).squareRoot() + 2
        reach = max(reach, Self.endMarkerRadius + 1.25)
        for path in paths {
            reach = max(reach, Float(path.width) / 2 + PathStroke.haloWidth)
            if path.markers { reach = max(reach, Float(path.markerRadius) + PathStroke.haloWidth) }
        }
        return (reach * layout.strokeScale + 1).rounded(.up)
    }

    /// Clips what was drawn so far to the plot: paints the background over a band `reach` pixels
    /// wide around the plot (stopping short of the colourbar's ramp), so a path's stroke and dots
    /// at the domain's edge show only their part inside the plot, as matplotlib's clip_on does
    /// (its end markers and the minima are moved inside whole: `markerCenter`). Drawn before the
    /// frame, ticks, labels and colourbar, which lie in that band and come after.
    func addPlotClip(_ list: inout FigureCanvas, reach: Float) {
        let p = layout.plot
        let x0 = Float(p.x0), y0 = Float(p.y0), x1 = Float(p.x1), y1 = Float(p.y1)
        let right = layout.colorbar.map { min(x1 + reach, Float($0.x0) - 1) } ?? x1 + reach
        let fill = Self.background
        list.append(.rect(PixelRectF(x0: x0 - reach, y0: y0 - reach, x1: right, y1: y0), fill: fill))
        list.append(.rect(PixelRectF(x0: x0 - reach, y0: y1, x1: right, y1: y1 + reach), fill: fill))
        list.append(.rect(PixelRectF(x0: x0 - reach, y0: y0, x1: x0, y1: y1), fill: fill))
        if right > x1 { list.append(.rect(PixelRectF(x0: x1, y0: y0, x1: right, y1: y1), fill: fill)) }
    }
}
