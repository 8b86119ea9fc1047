import Foundation
import OptaCore
import OptaRaster

extension LandscapeShader {
    /// `shade` one pixel at a time in plain scalar code, the reference the 8-lane path is held to
    /// (`RenderMode.reference`): the field sampled at each pixel's centre on its own, log2 from the
    /// C library, the nearest contour level by a search over all levels.
    public func shadeReference(_ target: inout TileTarget) {
        let plot = shadeSurroundings(&target)
        guard !plot.isEmpty else { return }
        let unitsPerPixel = viewport.unitsPerPixel
        for y in plot.y0..<plot.y1 {
            let row = target.row(y)
            for x in plot.x0..<plot.x1 {
                let p = viewport.domainPoint(pixelX: x, pixelY: y)
                var f: Float = 0, gx: Float = 0, gy: Float = 0
                field.sampleRow(y: p.y, x0: p.x, dx: unitsPerPixel.x, count: 1, values: &f, gradX: &gx, gradY: &gy)
                let inGap = contourGaps.contains { x >= $0.x0 && x < $0.x1 && y >= $0.y0 && y < $0.y1 }
                let gradient = SIMD2(gx * Float(unitsPerPixel.x), gy * Float(unitsPerPixel.y))
                row[x] = referenceColor(f, gradientPerPixel: gradient, x: x, y: y, contoured: !inGap)
            }
        }
    }

    /// The colour of pixel (x, y) where the field is `f` with the gradient `g` (in value per
    /// pixel): heatmap, then the nearest contour blended over it when `contoured`.
    func referenceColor(_ f: Float, gradientPerPixel g: SIMD2<Float>, x: Int, y: Int, contoured: Bool) -> UInt32 {
        guard f.isFinite else { return undefinedColor(x: x, y: y) }
        let colourSpace: ContourLevels.Space = scale.kind == .log ? .log(shift: scale.shift) : .linear
        let (s, dsdf) = Self.referenceTransformed(f, colourSpace)
        let unit = min(max((s - Float(scale.lower)) * (255 / Float(scale.upper - scale.lower)), 0), 255)
        let heat = colormap.entries[Int(unit.rounded(.toNearestOrEven))]
        guard contoured, let contours else { return heat }
        let (c, dcdf) = contours.space == colourSpace ? (s, dsdf) : Self.referenceTransformed(f, contours.space)
        let gradientC = (g.x * g.x + g.y * g.y).squareRoot() * dcdf
        let extent = max(contourWidth, 1)
        // Levels crowding on screen are thinned (`ContourThinning`).
        let (distance, weight) = contours.transformed.withUnsafeBufferPointer {
            ContourThinning.nearestKept(c, sortedLevels: $0, gradient: gradientC, crowded: ContourThinning.crowdedSpacing * extent)
        }
        let pixels = distance / max(gradientC, 1e-30)
        let coverage = min(max(extent * 0.5 + 0.5 - pixels, 0), 1) * (contourWidth / extent) * weight
        guard coverage > 0 && coverage.isFinite else { return heat }
        let a = coverage * contourColor.w
        let under = PackedColor.unpackUnit(heat)
        let blended = under * (1 - a) + contourColor * a
        return PackedColor.packUnit(SIMD4(blended.x, blended.y, blended.z, 1))
    }

    /// f in a linear or log space (log2(f − shift)) and the derivative of that map at f.
    static func referenceTransformed(_ f: Float, _ space: ContourLevels.Space) -> (Float, Float) {
        guard case .log(let shift) = space else { return (f, 1) }
        let shifted = max(f - Float(shift), 1e-30)
        return (log2(shifted), 1 / (shifted * Float(M_LN2)))
    }
}
