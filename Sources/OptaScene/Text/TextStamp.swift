import OptaCore
import OptaRaster
import OptaText

/// A line of text rasterized into one coverage mask, placed by anchor and alignment, and turned
/// into draw items: the mask in the text's colour, and each colour glyph (emoji) as its own
/// picture on top. Axis titles use the rotated form.
public struct TextStamp: Sendable {
    public let width: Int
    public let height: Int
    /// The glyphs drawn in the text's colour (colour glyphs are left out: they draw themselves).
    public let coverage: [UInt8]
    /// Colour glyphs, each with its picture's top-left pixel relative to the mask's.
    public let colorGlyphs: [(x: Int, y: Int, image: GlyphImage)]
    /// The layout box (advance × line height) within the mask, used for alignment.
    let box: (x: Float, y: Float, width: Float, height: Float)
    /// Distance from the box top to the baseline.
    let baseline: Float

    /// Horizontal alignment of the anchor within the text box.
    public enum HorizontalAlignment: Sendable { case left, center, right }
    /// Vertical alignment of the anchor: the box's top, middle, the baseline or the box's bottom.
    public enum VerticalAlignment: Sendable { case top, middle, baseline, bottom }

    /// Rasterizes `run` (all glyphs) into one mask.
    public init(_ run: TextRun) {
        let bounds = run.inkBounds
        let top = min(bounds.minY, Int((-run.ascent).rounded(.down)))
        let bottom = max(bounds.maxY, Int(run.descent.rounded(.up)))
        let left = min(bounds.minX, 0)
        let right = max(bounds.maxX, Int(run.advance.rounded(.up)))
        let w = max(1, right - left), h = max(1, bottom - top)
        var mask = [UInt8](repeating: 0, count: w * h)
        var colorGlyphs: [(x: Int, y: Int, image: GlyphImage)] = []
        for glyph in run.glyphs {
            let gx = glyph.x - left, gy = glyph.y - top
            if let image = glyph.color {
                colorGlyphs.append((gx, gy, image))
                continue
            }
            for row in 0..<glyph.mask.height {
                let y = gy + row
                guard y >= 0 && y < h else { continue }
                for col in 0..<glyph.mask.width {
                    let x = gx + col
                    guard x >= 0 && x < w else { continue }
                    let c = glyph.mask.coverage[row * glyph.mask.width + col]
                    if c > mask[y * w + x] { mask[y * w + x] = c }
                }
            }
        }
        width = w
        height = h
        coverage = mask
        self.colorGlyphs = colorGlyphs
        box = (Float(-left), Float(Int((-run.ascent).rounded(.down)) - top), run.advance, run.ascent + run.descent)
        baseline = run.ascent
    }

    private init(width: Int, height: Int, coverage: [UInt8], colorGlyphs: [(x: Int, y: Int, image: GlyphImage)] = [],
                 box: (x: Float, y: Float, width: Float, height: Float), baseline: Float) {
        self.width = width
        self.height = height
        self.coverage = coverage
        self.colorGlyphs = colorGlyphs
        self.box = box
        self.baseline = baseline
    }

    /// The stamp turned 90° counter-clockwise (reads bottom to top), for vertical axis titles.
    public func rotatedCounterClockwise() -> TextStamp {
        // Old pixel (column c, row r) moves to (column r, row width − 1 − c).
        let colors = colorGlyphs.map { glyph in
            (x: glyph.y, y: width - glyph.x - glyph.image.width,
             image: GlyphImage(width: glyph.image.height, height: glyph.image.width,
                               pixels: Self.rotated(glyph.image.pixels, width: glyph.image.width, height: glyph.image.height)))
        }
        let newBox = (x: box.y, y: Float(width) - box.x - box.width, width: box.height, height: box.width)
        return TextStamp(width: height, height: width, coverage: Self.rotated(coverage, width: width, height: height),
                         colorGlyphs: colors, box: newBox, baseline: box.height / 2)
    }

    /// A `width × height` row-major grid turned 90° counter-clockwise (`height × width`).
    private static func rotated<Pixel>(_ grid: [Pixel], width: Int, height: Int) -> [Pixel] {
        guard let first = grid.first else { return [] }
        var out = [Pixel](repeating: first, count: width * height)
        for y in 0..<width {          // new rows = old columns, reversed
            for x in 0..<height {     // new columns = old rows
                out[y * height + x] = grid[x * width + (width - 1 - y)]
            }
        }
        return out
    }

    /// Every glyph's ink, colour glyphs' alpha included: what halos follow.
    public var inkCoverage: [UInt8] {
        guard !colorGlyphs.isEmpty else { return coverage }
        var ink = coverage
        for glyph in colorGlyphs {
            for row in 0..<glyph.image.height where glyph.y + row >= 0 && glyph.y + row < height {
                for col in 0..<glyph.image.width where glyph.x + col >= 0 && glyph.x + col < width {
                    let a = UInt8(truncatingIfNeeded: glyph.image.pixels[row * glyph.image.width + col] >> 24)
                    let i = (glyph.y + row) * width + glyph.x + col
                    if a > ink[i] { ink[i] = a }
                }
            }
        }
        return ink
    }

    /// The box size (advance × line height) the stamp aligns by.
    public var size: SIMD2<Float> { SIMD2(box.width, box.height) }

    /// Top-left pixel of the mask when the anchor point sits at `anchor` with this alignment.
    public func origin(anchor: SIMD2<Float>, horizontal: HorizontalAlignment, vertical: VerticalAlignment) -> SIMD2<Int> {
        let dx: Float = switch horizontal { case .left: 0; case .center: box.width / 2; case .right: box.width }
        let dy: Float = switch vertical {
        case .top: 0
        case .middle: box.height / 2
        case .baseline: baseline
        case .bottom: box.height
        }
        return SIMD2(Int(saturating: (anchor.x - dx - box.x).rounded()), Int(saturating: (anchor.y - dy - box.y).rounded()))
    }

    /// The box the stamp covers with its top-left pixel at `origin`: ink and line box together.
    func rect(at origin: SIMD2<Int>) -> PixelRectF {
        PixelRectF(x: Float(origin.x), y: Float(origin.y), width: Float(width), height: Float(height))
    }

    /// The mask alone in `color` at `origin` (halos; it leaves out colour glyphs, see `items`).
    public func maskItem(at origin: SIMD2<Int>, color: RGBA) -> DrawItem {
        .mask(x: origin.x, y: origin.y, width: width, height: height, coverage: coverage, color: color)
    }

    /// The draw items for this stamp at `origin`: the mask in `color`, then the colour glyphs.
    public func items(at origin: SIMD2<Int>, color: RGBA) -> [DrawItem] {
        var items = [maskItem(at: origin, color: color)]
        for glyph in colorGlyphs {
            let rect = PixelRectF(x: Float(origin.x + glyph.x), y: Float(origin.y + glyph.y),
                                  width: Float(glyph.image.width), height: Float(glyph.image.height))
            items.append(.image(rect, width: glyph.image.width, height: glyph.image.height, pixels: glyph.image.pixels))
        }
        return items
    }

    /// A soft halo: every glyph's ink (colour glyphs too) widened by `radius` pixels, to lift
    /// labels off busy backgrounds; one mask, drawn in one colour.
    public func halo(radius: Int) -> TextStamp {
        let r = max(1, radius)
        let w = width + 2 * r, h = height + 2 * r
        let coverage = inkCoverage
        var out = [UInt8](repeating: 0, count: w * h)
        for y in 0..<height {
            for x in 0..<width {
                let c = coverage[y * width + x]
                guard c > 0 else { continue }
                for dy in -r...r {
                    for dx in -r...r where dx * dx + dy * dy <= r * r + r {
                        let i = (y + r + dy) * w + (x + r + dx)
                        if c > out[i] { out[i] = c }
                    }
                }
            }
        }
        return TextStamp(width: w, height: h, coverage: out,
                         box: (box.x + Float(r), box.y + Float(r), box.width, box.height), baseline: baseline)
    }
}
