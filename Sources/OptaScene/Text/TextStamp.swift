import OptaCore
import OptaRaster
import OptaText

/// A line of text rasterized into one coverage mask, placed by anchor and alignment, and turned
/// into a draw item. Axis titles use the rotated form.
public struct TextStamp: Sendable {
    public let width: Int
    public let height: Int
    public let coverage: [UInt8]
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
        for glyph in run.glyphs {
            let gx = glyph.x - left, gy = glyph.y - top
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
        box = (Float(-left), Float(Int((-run.ascent).rounded(.down)) - top), run.advance, run.ascent + run.descent)
        baseline = run.ascent
    }

    private init(width: Int, height: Int, coverage: [UInt8], box: (x: Float, y: Float, width: Float, height: Float), baseline: Float) {
        self.width = width
        self.height = height
        self.coverage = coverage
        self.box = box
        self.baseline = baseline
    }

    /// The stamp turned 90° counter-clockwise (reads bottom to top), for vertical axis titles.
    public func rotatedCounterClockwise() -> TextStamp {
        var out = [UInt8](repeating: 0, count: width * height)
        for y in 0..<width {          // new rows = old columns, reversed
            for x in 0..<height {     // new columns = old rows
                out[y * height + x] = coverage[x * width + (width - 1 - y)]
            }
        }
        let newBox = (x: box.y, y: Float(width) - box.x - box.width, width: box.height, height: box.width)
        return TextStamp(width: height, height: width, coverage: out, box: newBox, baseline: box.height / 2)
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

    /// The draw item for this stamp at `origin` in `color`.
    public func item(at origin: SIMD2<Int>, color: RGBA) -> DrawItem {
        .mask(x: origin.x, y: origin.y, width: width, height: height, coverage: coverage, color: color)
    }

    /// A soft halo: the mask widened by `radius` pixels, to lift labels off busy backgrounds.
    public func halo(radius: Int) -> TextStamp {
        let r = max(1, radius)
        let w = width + 2 * r, h = height + 2 * r
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
