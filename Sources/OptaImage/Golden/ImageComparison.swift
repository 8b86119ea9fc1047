/// How different two images may be and still count as the same picture.
public struct GoldenTolerance: Sendable, Equatable, CustomStringConvertible {
    /// Per-pixel colour threshold in 0…1 on the perceptual YIQ scale (0 = any change counts).
    public var threshold: Double
    /// How many differing pixels are allowed (anti-aliasing artefacts excluded).
    public var maxDifferentPixels: Int
    /// Whether pixels detected as anti-aliasing of an edge are excused. Thin lines never are.
    public var excuseAntialiasing: Bool

    public init(threshold: Double = 0.1, maxDifferentPixels: Int = 0, excuseAntialiasing: Bool = true) {
        self.threshold = threshold
        self.maxDifferentPixels = maxDifferentPixels
        self.excuseAntialiasing = excuseAntialiasing
    }

    /// Byte-for-byte equality only.
    public static let exact = GoldenTolerance(threshold: 0, maxDifferentPixels: 0, excuseAntialiasing: false)

    public var description: String {
        "threshold \(threshold), up to \(maxDifferentPixels) differing pixels, anti-aliasing \(excuseAntialiasing ? "excused" : "counted")"
    }
}

/// What comparing two images of the same size measured.
public struct ImageDifference: Sendable {
    /// The images are byte-for-byte equal.
    public let identical: Bool
    /// Pixels whose colour differs beyond the threshold and are not excused.
    public let differentPixels: Int
    /// Pixels beyond the threshold excused as anti-aliasing.
    public let antialiasedPixels: Int
    /// The largest per-pixel difference on the threshold's 0…1 scale, and where it is.
    public let maxDelta: Double
    public let maxDeltaAt: (x: Int, y: Int)?
    /// The smallest rectangle holding every counted differing pixel (x0, y0, x1, y1 inclusive).
    public let differenceBounds: (x0: Int, y0: Int, x1: Int, y1: Int)?
    /// Faded copy of the expected image with counted differences red and excused ones yellow.
    public let diffImage: RGBAImage

    /// Whether the measured difference is within `tolerance`.
    public func isWithin(_ tolerance: GoldenTolerance) -> Bool {
        identical || differentPixels <= tolerance.maxDifferentPixels
    }

    /// One line with the measured figures.
    public var summary: String {
        if identical { return "identical" }
        var text = "\(differentPixels) differing pixels, \(antialiasedPixels) excused as anti-aliasing, max delta "
            + rounded(maxDelta)
        if let at = maxDeltaAt { text += " at (\(at.x), \(at.y))" }
        if let b = differenceBounds { text += ", differences within x \(b.x0)…\(b.x1), y \(b.y0)…\(b.y1)" }
        return text
    }

    private func rounded(_ v: Double) -> String {
        let scaled = (v * 1000).rounded() / 1000
        return "\(scaled)"
    }
}

/// Why two images could not be compared at all.
public struct ComparisonError: Error, Sendable, CustomStringConvertible {
    public let description: String
}

/// Compares images the way Opta's golden tests and `opta golden diff` do.
public enum ImageComparator {
    /// Compares `actual` with `expected`: exact match first, then the perceptual measure.
    public static func compare(expected: RGBAImage, actual: RGBAImage,
                               tolerance: GoldenTolerance) throws(ComparisonError) -> ImageDifference {
        guard expected.width == actual.width, expected.height == actual.height else {
            throw ComparisonError(description:
                "size mismatch: expected \(expected.width)×\(expected.height), actual \(actual.width)×\(actual.height)")
        }
        let width = expected.width, height = expected.height
        if expected.bytes == actual.bytes {
            return ImageDifference(identical: true, differentPixels: 0, antialiasedPixels: 0, maxDelta: 0,
                                   maxDeltaAt: nil, differenceBounds: nil, diffImage: fadedCopy(expected))
        }
        let allowed = ColorDelta.maxDelta * tolerance.threshold * tolerance.threshold
        let detector = AntialiasingDetector(width: width, height: height, contrast: max(allowed, ColorDelta.maxDelta * 0.01))
        var diff = fadedCopy(expected)
        var counted = 0, excused = 0, worst = 0.0
        var worstAt: (x: Int, y: Int)?
        var bounds: (x0: Int, y0: Int, x1: Int, y1: Int)?
        expected.bytes.withUnsafeBufferPointer { e in
            actual.bytes.withUnsafeBufferPointer { a in
                for y in 0..<height {
                    for x in 0..<width {
                        let pos = y * width + x
                        let delta = abs(ColorDelta.delta(e, pos, a, pos))
                        if delta == 0 { continue }
                        if delta > worst { worst = delta; worstAt = (x, y) }
                        guard delta > allowed else { continue }
                        if tolerance.excuseAntialiasing
                            && (detector.isAntialiased(e, x, y, other: a) || detector.isAntialiased(a, x, y, other: e)) {
                            excused += 1
                            paint(&diff, pos, (255, 255, 0))
                        } else {
                            counted += 1
                            paint(&diff, pos, (255, 0, 0))
                            if let b = bounds {
                                bounds = (min(b.x0, x), min(b.y0, y), max(b.x1, x), max(b.y1, y))
                            } else {
                                bounds = (x, y, x, y)
                            }
                        }
                    }
                }
            }
        }
        return ImageDifference(identical: false, differentPixels: counted, antialiasedPixels: excused,
                               maxDelta: (worst / ColorDelta.maxDelta).squareRoot(), maxDeltaAt: worstAt,
                               differenceBounds: bounds, diffImage: diff)
    }

    /// The expected image in light grey, as the backdrop of a diff image.
    static func fadedCopy(_ image: RGBAImage) -> RGBAImage {
        var out = image
        for i in 0..<(image.width * image.height) {
            let p = i * 4
            let a = Double(image.bytes[p + 3]) / 255
            let y = ColorDelta.luma(ColorDelta.blendOverWhite(image.bytes[p], a),
                                    ColorDelta.blendOverWhite(image.bytes[p + 1], a),
                                    ColorDelta.blendOverWhite(image.bytes[p + 2], a))
            let v = UInt8(max(0, min(255, 255 + (y - 255) * 0.1)))
            out.bytes[p] = v; out.bytes[p + 1] = v; out.bytes[p + 2] = v; out.bytes[p + 3] = 255
        }
        return out
    }

    private static func paint(_ image: inout RGBAImage, _ pos: Int, _ c: (UInt8, UInt8, UInt8)) {
        image.bytes[pos * 4] = c.0; image.bytes[pos * 4 + 1] = c.1; image.bytes[pos * 4 + 2] = c.2; image.bytes[pos * 4 + 3] = 255
    }
}
