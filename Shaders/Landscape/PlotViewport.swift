import OptaCore
import OptaRaster

/// Where a landscape's domain sits in the frame: the plot rectangle (whole pixels) and the
/// domain shown in it, with y pointing up.
public struct PlotViewport: Sendable, Equatable {
    /// The plot area in frame pixels.
    public let rect: PixelRect
    public let xRange: ClosedRange<Double>
    public let yRange: ClosedRange<Double>

    public init(rect: PixelRect, xRange: ClosedRange<Double>, yRange: ClosedRange<Double>) {
        self.rect = rect
        self.xRange = xRange
        self.yRange = yRange
    }

    /// Domain units per pixel along x and y (y is positive: domain y grows as pixel y shrinks).
    public var unitsPerPixel: SIMD2<Double> {
        SIMD2((xRange.upperBound - xRange.lowerBound) / Double(rect.width),
              (yRange.upperBound - yRange.lowerBound) / Double(rect.height))
    }

    /// The plot's rows of pixels and their y, as the fields sample them (`domainPoint`'s y, bit for bit).
    public var pixelRows: PixelRows {
        PixelRows(top: yRange.upperBound, origin: rect.y0, step: unitsPerPixel.y, rows: rect.y0..<rect.y1)
    }

    /// The domain point at the centre of pixel column `px`, row `py`.
    public func domainPoint(pixelX px: Int, pixelY py: Int) -> SIMD2<Double> {
        domainPoint(SIMD2(Double(px) + 0.5, Double(py) + 0.5))
    }

    /// The domain point at frame position `p` (pixels, continuous).
    public func domainPoint(_ p: SIMD2<Double>) -> SIMD2<Double> {
        let u = unitsPerPixel
        return SIMD2(xRange.lowerBound + (p.x - Double(rect.x0)) * u.x,
                     yRange.upperBound - (p.y - Double(rect.y0)) * u.y)
    }

    /// The frame position (pixels, continuous) of domain point `q`.
    public func framePoint(_ q: SIMD2<Double>) -> SIMD2<Double> {
        let u = unitsPerPixel
        return SIMD2(Double(rect.x0) + (q.x - xRange.lowerBound) / u.x,
                     Double(rect.y0) + (yRange.upperBound - q.y) / u.y)
    }
}
