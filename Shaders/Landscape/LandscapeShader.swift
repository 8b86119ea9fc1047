import OptaCore
import OptaRaster

/// Colours every pixel of a tile: the heatmap of a scalar field through a value scale and a
/// colormap, anti-aliased contour lines from |s − c| / |∇s| fused into the same pass, an
/// "undefined" hatch where the field is NaN or infinite, and the background outside the plot.
///
/// Each pixel is written once. A pixel's colour depends only on its position, so any tiling and
/// any number of threads give the same bytes. Its stored values are everything its pixels depend
/// on: for an `Equatable` field, equal shaders draw equal layers (the shader is its own `LayerKey`).
public struct LandscapeShader<Field: ScalarField>: TileShader {
    public let field: Field
    public let viewport: PlotViewport
    public let scale: ValueScale
    public let colormap: ColormapLUT
    public let contours: ContourLevels?
    /// Contour line width in pixels and its straight-alpha colour.
    public let contourWidth: Float
    public let contourColor: SIMD4<Float>
    /// Colour of pixels outside the plot rectangle (packed, premultiplied).
    public let background: UInt32
    /// Where the colourbar ramp goes (low values at the bottom), if anywhere.
    public let colorbar: PixelRect?
    /// Rectangles where contour lines are left out (the gaps that contour labels sit in).
    public let contourGaps: [PixelRect]
    /// The undefined hatch (`HatchRow`): its stripes widen with the figure's strokes, so a 4K
    /// frame shows the stripes a 1080 p frame does.
    public let hatch: HatchRow

    public init(field: Field, viewport: PlotViewport, scale: ValueScale, colormap: ColormapLUT,
                contours: ContourLevels?, contourWidth: Float = 0.8,
                contourColor: SIMD4<Float> = SIMD4(1, 1, 1, 1), background: UInt32, colorbar: PixelRect? = nil,
                contourGaps: [PixelRect] = [], hatch: HatchRow = HatchRow(period: 8)) {
        self.field = field
        self.viewport = viewport
        self.scale = scale
        self.colormap = colormap
        self.contours = (contours?.transformed.isEmpty ?? true) ? nil : contours
        self.contourWidth = contourWidth
        self.contourColor = contourColor
        self.background = background
        self.colorbar = colorbar
        self.contourGaps = contourGaps
        self.hatch = hatch
    }

    /// Opaque whenever the background is: heatmap and colourbar colours come from the colormap's
    /// opaque entries, the hatch is opaque, and contours are blended over the heatmap into opaque
    /// pixels (`blend`).
    public var writesOpaquePixels: Bool { background >= 0xFF00_0000 }

    /// The hatch that marks undefined values at pixel (x, y) (`HatchPattern`).
    func undefinedColor(x: Int, y: Int) -> UInt32 {
        hatch.color(x: x, y: y)
    }

    /// Shades every pixel of the target's tile.
    public func shade(_ target: inout TileTarget) {
        let plot = shadeSurroundings(&target)
        guard !plot.isEmpty else { return }
        let count = plot.width
        let padded = (count + 7) & ~7
        withUnsafeTemporaryAllocation(of: Float.self, capacity: padded * 4) { scratch in
            let base = scratch.baseAddress!
            base.initialize(repeating: 0, count: padded * 4)
            shadePlot(&target, plot, values: base, gradX: base + padded, gradY: base + 2 * padded,
                      contourGradient: base + 3 * padded)
        }
    }

    /// Writes the tile's pixels outside the plot (background, colourbar ramp), one at a time;
    /// returns the part of the tile inside the plot.
    func shadeSurroundings(_ target: inout TileTarget) -> PixelRect {
        let tile = target.rect
        let plot = tile.intersection(viewport.rect)
        // Background outside the plot area.
        for y in tile.y0..<tile.y1 {
            let row = target.row(y)
            if plot.isEmpty || y < plot.y0 || y >= plot.y1 {
                for x in tile.x0..<tile.x1 { row[x] = background }
            } else {
                for x in tile.x0..<plot.x0 { row[x] = background }
                for x in plot.x1..<tile.x1 { row[x] = background }
            }
        }
        if let colorbar {
            let bar = tile.intersection(colorbar)
            if !bar.isEmpty {
                let steps = Float(max(1, colorbar.height - 1))
                for y in bar.y0..<bar.y1 {
                    let entry = colormap.entries[Int(Float(colorbar.y1 - 1 - y) / steps * 255 + 0.5)]
                    let row = target.row(y)
                    for x in bar.x0..<bar.x1 { row[x] = entry }
                }
            }
        }
        return plot
    }

    /// Samples the field row by row over `plot` (part of the target's tile) and turns each row
    /// into pixels, eight at a time. Everything constant over the tile is set up once.
    @inline(__always)
    ///
    /// Evenly spaced contour levels that crowd on screen are thinned (`ContourThinning`) in a
    /// second pass over just the rows that have such pixels: the main loop only notes them and
    /// keeps |∇c| in `contourGradient`, so rows without any (most) pay next to nothing.
    func shadePlot(_ target: inout TileTarget, _ plot: PixelRect, values: UnsafeMutablePointer<Float>,
                   gradX: UnsafeMutablePointer<Float>, gradY: UnsafeMutablePointer<Float>,
                   contourGradient: UnsafeMutablePointer<Float>) {
        let x0 = plot.x0, count = plot.width
        let gaps = contourGaps.map { $0.intersection(plot) }.filter { !$0.isEmpty }
        typealias V = SIMD8<Float>
        let isLog = scale.kind == .log
        let shift = V(repeating: Float(scale.shift))
        let lower = V(repeating: Float(scale.lower))
        let toUnit = V(repeating: 255 / Float(scale.upper - scale.lower))
        let pixelSize = viewport.unitsPerPixel
        let sx = V(repeating: Float(pixelSize.x)), sy = V(repeating: Float(pixelSize.y))
        let top = V(repeating: 255)
        let line = ContourThinning.LineProfile(width: contourWidth)
        let (reach, peak, tiny) = (line.reach, line.peak, line.tiny)
        let one = V(repeating: 1)
        let levels = contours?.transformed ?? []
        let uniform = contours?.uniform
        let drawsContours = !levels.isEmpty
        let crowded = ContourThinning.crowdedSpacing * max(contourWidth, 1)
        let even = ContourThinning.EvenLevels(start: uniform?.start ?? 0, step: uniform?.step ?? 1, count: levels.count,
                                              crowded: crowded)
        let (levelStart, levelStep, levelStepInverse, lastLevel) = (even.start, even.step, even.stepInverse, even.lastLevel)
        // Contours compare in their own space; when it is the colour scale's, reuse its values.
        let colourSpace: ContourLevels.Space = isLog ? .log(shift: scale.shift) : .linear
        let contourSpace = contours?.space ?? colourSpace
        let reuseScaled = contourSpace == colourSpace
        // The contour variable c = transformed(f): the colour scale's map or the contours' own.
        var contourMap = (log: false, shift: V.zero)
        if case .log(let shift) = contourSpace { contourMap = (true, V(repeating: Float(shift))) }
        // The tile's rows share their x samples, so the field sets up what depends on x once.
        let tileStart = viewport.domainPoint(pixelX: x0, pixelY: plot.y0)
        field.withRows(x0: tileStart.x, dx: pixelSize.x, count: count, rows: viewport.pixelRows) { fillRow in
        colormap.entries.withUnsafeBufferPointer { lut in
            levels.withUnsafeBufferPointer { levels in
              for y in plot.y0..<plot.y1 {
                fillRow(y, values, gradX, gradY)
                let out = target.row(y) + x0
                // Two passes over the row, each with a short loop body whose iterations overlap in
                // the CPU (one long body left the core waiting on its dependency chains): first each
                // pixel's colormap index and contour coverage, into the gradient rows (not needed
                // after), then the colours.
                var crowdedLanes = SIMD8<UInt32>.zero
                var i = 0
                while i < count {
                    let f = FastMath.load(values + i)
                    let gx = FastMath.load(gradX + i) * sx
                    let gy = FastMath.load(gradY + i) * sy
                    // All ones in lanes where f is NaN or ±∞ (integer bit logic: SIMDMask operations
                    // are scalarized).
                    let undefined = FastMath.nonFiniteMask(f)
                    let safeF = FastMath.zeroed(f, where: undefined)
                    // Scaled value; its gradient in scaled units per pixel is |∇f|·dsdf.
                    let (s, dsdf) = Self.transformed(safeF, log: isLog, shift: shift)
                    let index = FastMath.roundToIndex(FastMath.min(FastMath.max((s - lower) * toUnit, .zero), top))
                    // Contour coverage from the distance to the nearest level, in pixels.
                    var coverage = V.zero
                    if drawsContours {
                        // The contour variable c and dc/df (in its own space, or the colour scale's).
                        let (c, dcdf) = reuseScaled ? (s, dsdf) : Self.transformed(safeF, log: contourMap.log, shift: contourMap.shift)
                        let distance: V
                        var weight = one
                        // |∇c| = |∇f| · dc/df, in contour units per pixel.
                        let gradientC = (gx * gx + gy * gy).squareRoot() * dcdf
                        if uniform != nil {
                            let k = FastMath.min(FastMath.max(FastMath.round((c - levelStart) * levelStepInverse), .zero), lastLevel)
                            distance = FastMath.abs(c - (levelStart + k * levelStep))
                            crowdedLanes |= even.crowdedBits(gradient: gradientC)
                            UnsafeMutableRawPointer(contourGradient + i).storeBytes(of: gradientC, as: V.self)
                        } else {
                            var d = V.zero
                            for lane in 0..<8 {
                                (d[lane], weight[lane]) = ContourThinning.nearestKept(c[lane], sortedLevels: levels,
                                                                                      gradient: gradientC[lane], crowded: crowded)
                            }
                            distance = d
                        }
                        // Distance in pixels: |c − level| / |∇c|.
                        let pixels = distance / FastMath.max(gradientC, tiny)
                        coverage = FastMath.min(FastMath.max(reach - pixels, .zero), one) * peak * weight
                        // Only positive coverage of defined values draws (NaN lanes too become 0).
                        coverage = FastMath.zeroed(coverage, where: ~FastMath.positiveFiniteMask(coverage) | undefined)
                    }
                    UnsafeMutableRawPointer(gradX + i).storeBytes(of: index, as: SIMD8<UInt32>.self)
                    UnsafeMutableRawPointer(gradY + i).storeBytes(of: coverage, as: V.self)
                    i += 8
                }
                if !crowdedLanes.isZero {
                    thinCrowdedContours(count: count, values: values, coverages: gradY, contourGradient: contourGradient,
                                        levels: even, line: line, contourMap: contourMap)
                }
                i = 0
                while i < count {
                    let index = UnsafeRawPointer(gradX + i).loadUnaligned(as: SIMD8<UInt32>.self)
                    let coverage = FastMath.load(gradY + i)
                    let undefined = FastMath.nonFiniteMask(FastMath.load(values + i))
                    let heat = SIMD8<UInt32>(lut[Int(index[0])], lut[Int(index[1])], lut[Int(index[2])], lut[Int(index[3])],
                                             lut[Int(index[4])], lut[Int(index[5])], lut[Int(index[6])], lut[Int(index[7])])
                    var pixels = heat
                    if !unsafeBitCast(coverage, to: SIMD8<UInt32>.self).isZero {
                        pixels = blend(heat, coverage)
                    }
                    if !undefined.isZero {
                        for lane in 0..<8 where undefined[lane] != 0 {
                            pixels[lane] = undefinedColor(x: x0 + i + lane, y: y)
                        }
                    }
                    if count - i >= 8 {
                        UnsafeMutableRawPointer(out + i).storeBytes(of: pixels, as: SIMD8<UInt32>.self)
                    } else {
                        for lane in 0..<(count - i) { out[i + lane] = pixels[lane] }
                    }
                    i += 8
                }
                for gap in gaps where gap.y0 <= y && y < gap.y1 {
                    for x in gap.x0..<gap.x1 {
                        out[x - x0] = heatmapColor(values[x - x0], x: x, y: y, lut: lut)
                    }
                }
              }
            }
        }
        }
    }

    /// The second pass over a row with crowded contour pixels: their coverage (in `coverages`)
    /// worked out again with thinning, from the values and the |∇c| the first pass kept. Pixels
    /// that are not crowded get the same bits as before (`ContourThinning.coverage`).
    @inline(never)
    func thinCrowdedContours(count: Int, values: UnsafeMutablePointer<Float>, coverages: UnsafeMutablePointer<Float>,
                             contourGradient: UnsafeMutablePointer<Float>, levels: ContourThinning.EvenLevels,
                             line: ContourThinning.LineProfile, contourMap: (log: Bool, shift: SIMD8<Float>)) {
        var i = 0
        while i < count {
            let gradientC = FastMath.load(contourGradient + i)
            if !levels.crowdedBits(gradient: gradientC).isZero {
                let f = FastMath.load(values + i)
                let undefined = FastMath.nonFiniteMask(f)
                let safeF = FastMath.zeroed(f, where: undefined)
                // c as the first pass had it.
                let c = Self.transformed(safeF, log: contourMap.log, shift: contourMap.shift).0
                var coverage = ContourThinning.coverage(c, levels: levels, gradient: gradientC, line: line)
                coverage = FastMath.zeroed(coverage, where: ~FastMath.positiveFiniteMask(coverage) | undefined)
                UnsafeMutableRawPointer(coverages + i).storeBytes(of: coverage, as: SIMD8<Float>.self)
            }
            i += 8
        }
    }

    /// f in a linear or log space — log2(f − shift) — with the derivative of that map at f.
    @inline(__always)
    static func transformed(_ f: SIMD8<Float>, log: Bool, shift: SIMD8<Float>) -> (SIMD8<Float>, SIMD8<Float>) {
        guard log else { return (f, SIMD8(repeating: 1)) }
        let shifted = FastMath.max(f - shift, SIMD8(repeating: 1e-30))
        return (FastMath.log2(shifted), SIMD8(repeating: 1.442_695_04) / shifted)
    }

    /// The heatmap colour of one value without contours: the same arithmetic as the vector path.
    func heatmapColor(_ f: Float, x: Int, y: Int, lut: UnsafeBufferPointer<UInt32>) -> UInt32 {
        guard f.isFinite else { return undefinedColor(x: x, y: y) }
        let s = scale.kind == .log ? FastMath.log2(Swift.max(f - Float(scale.shift), 1e-30)) : f
        let unit = Swift.min(Swift.max((s - Float(scale.lower)) * (255 / Float(scale.upper - scale.lower)), 0), 255)
        return lut[Int(FastMath.roundToIndex(SIMD8(repeating: unit))[0])]
    }

    /// The contour colour over 8 opaque heatmap pixels with coverages `c` (0 leaves a pixel as it
    /// is): each channel is under · (1 − a) + colour · a with a = c · alpha, then rounded to a byte.
    @inline(__always)
    func blend(_ under: SIMD8<UInt32>, _ c: SIMD8<Float>) -> SIMD8<UInt32> {
        let a = c * contourColor.w
        let keep = 1 - a
        let r = FastMath.byteToFloat(under & 0xFF) / 255 * keep + contourColor.x * a
        let g = FastMath.byteToFloat((under &>> 8) & 0xFF) / 255 * keep + contourColor.y * a
        let b = FastMath.byteToFloat((under &>> 16) & 0xFF) / 255 * keep + contourColor.z * a
        let blended = PackedColor.packOpaque(r: r, g: g, b: b)
        let covered = FastMath.positiveFiniteMask(c)
        return (blended & covered) | (under & ~covered)
    }
}

extension LandscapeShader: Equatable where Field: Equatable {}
