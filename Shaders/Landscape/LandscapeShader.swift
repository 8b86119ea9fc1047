import OptaRaster

/// Colours every pixel of a tile: the heatmap of a scalar field through a value scale and a
/// colormap, anti-aliased contour lines from |s − c| / |∇s| fused into the same pass, an
/// "undefined" hatch where the field is NaN or infinite, and the background outside the plot.
///
/// Each pixel is written once. A pixel's colour depends only on its position, so any tiling and
/// any number of threads give the same bytes.
public struct LandscapeShader<Field: ScalarField>: Sendable {
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

    public init(field: Field, viewport: PlotViewport, scale: ValueScale, colormap: ColormapLUT,
                contours: ContourLevels?, contourWidth: Float = 0.8,
                contourColor: SIMD4<Float> = SIMD4(1, 1, 1, 1), background: UInt32, colorbar: PixelRect? = nil) {
        self.field = field
        self.viewport = viewport
        self.scale = scale
        self.colormap = colormap
        self.contours = (contours?.scaled.isEmpty ?? true) ? nil : contours
        self.contourWidth = contourWidth
        self.contourColor = contourColor
        self.background = background
        self.colorbar = colorbar
    }

    /// The two greys of the hatch that marks undefined values, chosen per pixel.
    static func undefinedColor(x: Int, y: Int) -> UInt32 {
        ((x + y) & 7) < 2 ? PackedColor.opaque(0.55, 0.55, 0.58) : PackedColor.opaque(0.82, 0.82, 0.84)
    }

    /// Shades every pixel of the target's tile.
    public func shade(_ target: inout TileTarget) {
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
        guard !plot.isEmpty else { return }
        let count = plot.width
        let padded = (count + 7) & ~7
        withUnsafeTemporaryAllocation(of: Float.self, capacity: padded * 3) { scratch in
            let base = scratch.baseAddress!
            base.initialize(repeating: 0, count: padded * 3)
            let values = base, gradX = base + padded, gradY = base + 2 * padded
            for y in plot.y0..<plot.y1 {
                let start = viewport.domainPoint(pixelX: plot.x0, pixelY: y)
                field.sampleRow(y: start.y, x0: start.x, dx: viewport.unitsPerPixel.x, count: count,
                                values: values, gradX: gradX, gradY: gradY)
                shadeRow(target.row(y) + plot.x0, y: y, x0: plot.x0, count: count,
                         values: values, gradX: gradX, gradY: gradY)
            }
        }
    }

    /// Turns one row of samples into pixels, eight at a time.
    @inline(__always)
    func shadeRow(_ out: UnsafeMutablePointer<UInt32>, y: Int, x0: Int, count: Int,
                  values: UnsafePointer<Float>, gradX: UnsafePointer<Float>, gradY: UnsafePointer<Float>) {
        typealias V = SIMD8<Float>
        let isLog = scale.kind == .log
        let shift = Float(scale.shift)
        let lower = Float(scale.lower)
        let toUnit = 255 / Float(scale.upper - scale.lower)
        let pixelSize = viewport.unitsPerPixel
        let sx = Float(pixelSize.x), sy = Float(pixelSize.y)
        let ln2Inverse: Float = 1.442_695_04
        let width = contourWidth
        let extent = max(width, 1)
        let peak = width / extent
        let reach = extent * 0.5 + 0.5
        let uniform = contours?.uniform
        let lastLevel = Float((contours?.scaled.count ?? 1) - 1)
        let lut = colormap.entries
        lut.withUnsafeBufferPointer { lut in
            var i = 0
            while i < count {
                let f = FastMath.load(values + i)
                let gx = FastMath.load(gradX + i) * sx
                let gy = FastMath.load(gradY + i) * sy
                let undefined = (f .!= f) .| (f .== .infinity) .| (f .== -.infinity)
                let safeF = f.replacing(with: 0, where: undefined)
                // Scaled value and the length of its gradient in scaled units per pixel.
                var s: V, gradient: V
                let gradientF = (gx * gx + gy * gy).squareRoot()
                if isLog {
                    let shifted = pointwiseMax(safeF - shift, V(repeating: 1e-30))
                    s = FastMath.log2(shifted)
                    gradient = gradientF / shifted * ln2Inverse
                } else {
                    s = safeF
                    gradient = gradientF
                }
                let unit = pointwiseMin(pointwiseMax((s - lower) * toUnit, .zero), V(repeating: 255))
                let index = FastMath.roundToIndex(unit)
                // Contour coverage from the distance to the nearest level, in pixels.
                var coverage = V.zero
                if contours != nil {
                    var distance: V
                    if let uniform {
                        let k = pointwiseMin(pointwiseMax(((s - uniform.start) / uniform.step).rounded(.toNearestOrEven), .zero),
                                             V(repeating: lastLevel))
                        distance = FastMath.abs(s - (uniform.start + k * uniform.step))
                    } else {
                        distance = nearestLevelDistance(s)
                    }
                    let pixels = distance / pointwiseMax(gradient, V(repeating: 1e-30))
                    coverage = pointwiseMin(pointwiseMax(reach - pixels, .zero), V(repeating: 1)) * peak
                    coverage.replace(with: 0, where: undefined)
                }
                let lanes = min(8, count - i)
                let anyContour = any(coverage .> 0)
                for lane in 0..<lanes {
                    let x = x0 + i + lane
                    if undefined[lane] {
                        out[i + lane] = Self.undefinedColor(x: x, y: y)
                    } else if anyContour && coverage[lane] > 0 {
                        out[i + lane] = blend(lut[Int(index[lane])], coverage[lane])
                    } else {
                        out[i + lane] = lut[Int(index[lane])]
                    }
                }
                i += 8
            }
        }
    }

    /// Distance in scaled units to the nearest level, for uneven level lists.
    @inline(__always)
    func nearestLevelDistance(_ s: SIMD8<Float>) -> SIMD8<Float> {
        var result = SIMD8<Float>()
        let levels = contours!.scaled
        for lane in 0..<8 {
            let v = s[lane]
            var lo = 0, hi = levels.count - 1
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if levels[mid] <= v { lo = mid } else { hi = mid }
            }
            result[lane] = min(abs(v - levels[lo]), abs(v - levels[hi]))
        }
        return result
    }

    /// The contour colour over an opaque heatmap pixel with coverage `c`.
    @inline(__always)
    func blend(_ under: UInt32, _ c: Float) -> UInt32 {
        let a = c * contourColor.w
        let keep = 1 - a
        let r = Float(under & 0xFF) / 255 * keep + contourColor.x * a
        let g = Float((under >> 8) & 0xFF) / 255 * keep + contourColor.y * a
        let b = Float((under >> 16) & 0xFF) / 255 * keep + contourColor.z * a
        return PackedColor.opaque(r, g, b)
    }
}
