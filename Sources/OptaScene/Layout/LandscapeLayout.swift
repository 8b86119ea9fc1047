import OptaRaster

/// Where the parts of a landscape figure go in a frame of a given size: title, plot area,
/// colourbar, and the text sizes that fit. Pure arithmetic on the frame size and label widths.
public struct LandscapeLayout: Sendable, Equatable {
    public let frame: PixelRect
    public let plot: PixelRect
    public let colorbar: PixelRect?
    /// Where the x axis's title ends at the bottom: above a legend below the plot, if any.
    public let xTitleBottom: Float
    /// Room left blank at the frame's left edge, before the y axis's title (`leadingGap`).
    public let leadingGap: Float
    /// Which of the frame's edges meet another panel of a stack (`StackEdges`).
    public let stackEdges: StackEdges
    /// Where the middle of the (turned) y axis title goes across the frame.
    public var yTitleX: Float { leadingGap + Float(labelSize) * (0.6 + 1.25 / 2) }
    /// Text sizes in pixels.
    public let labelSize: Int
    public let titleSize: Int
    /// How far apart the lines of a title wrapped onto two lines are.
    public var titleLineStep: Float { Self.titleLineStep(titleSize: titleSize) }
    /// The same for a title drawn at `titleSize`.
    public static func titleLineStep(titleSize: Int) -> Float { Float(titleSize) * 1.3 }
    /// How far apart the colourbar title's two lines are: their turned text boxes (about 1.3
    /// sizes across) must not touch. The layout keeps this much room for the second line.
    public var colorbarTitleLineStep: Float { Float(labelSize) * 1.4 }

    /// Text size for tick labels at a frame height: 14 px at 1080 p, in proportion to the height
    /// (28 px at 2160 p, so a 4K figure reads like a 1080 p one), never below 11 or above 32.
    public static func labelSize(frameHeight: Int) -> Int {
        max(11, min(32, Int((Double(frameHeight) / 1080 * 14).rounded())))
    }

    /// How many times thicker than at 1920×1080 lines and markers are drawn: in step with the
    /// text (`labelSize` ÷ 14), so a 4K figure reads like the 1080 p one instead of showing
    /// hairlines under twice-as-large text; never below 1, so small frames keep 1080 p strokes.
    public static func strokeScale(labelSize: Int) -> Float {
        max(1, Float(labelSize) / 14)
    }

    /// `strokeScale(labelSize:)` of this layout.
    public var strokeScale: Float { Self.strokeScale(labelSize: labelSize) }

    /// How a 2-D figure of this layout spaces its legend (`Legend.Metrics.forFrame`).
    var legendMetrics: Legend.Metrics { .forFrame(width: frame.width, height: frame.height, labelSize: labelSize) }

    /// Width of frame lines and ticks: whole pixels, 1 at 1080 p, growing with the stroke scale.
    public var lineWidth: Float { max(1, strokeScale.rounded()) }

    /// Text size for a frame: as for its height, or its width when that is the shorter side (a
    /// tall, narrow frame keeps text that fits across it).
    public static func labelSize(width: Int, height: Int) -> Int {
        labelSize(frameHeight: min(width, height))
    }

    /// Lays out a frame. `yLabelWidth` and `colorbarLabelWidth` are the widest tick labels;
    /// `xLabelWidth` the widest x tick label, centred on the plot's ends at most; `legendWidth`
    /// is room kept at the right edge for a legend beside the plot (0 for none), `legendHeight` at
    /// the bottom edge for one below it; `titleLines` how many
    /// lines the title takes (the plot gives up the height of each line past the first), and
    /// `colorbarTitleLines` the colourbar's (the plot gives up the width of each line past the first);
    /// `titleSize` the title's text size when not the usual `labelSize + 4` (`FigureText.title`);
    /// `leadingGap` room kept blank at the left edge (a panel beside another: `PanelsFigure.gutter`);
    /// `hasXTitle` false keeps no line for the x axis's title (a panel in a short stack), which
    /// then goes on the tick row past the last label (`InlineAxisTitle`), `xTitleRoom` being
    /// what it needs right of the plot;
    /// `stackEdges` says which edges meet another stacked panel.
    public init(width: Int, height: Int, hasTitle: Bool, hasColorbar: Bool,
                yLabelWidth: Float, colorbarLabelWidth: Float, labelSize: Int, xLabelWidth: Float = 0, legendWidth: Float = 0,
                legendHeight: Float = 0, titleLines: Int = 1, colorbarTitleLines: Int = 1, titleSize: Int? = nil, leadingGap: Float = 0,
                hasXTitle: Bool = true, xTitleRoom: Float = 0, stackEdges: StackEdges = StackEdges()) {
        self.labelSize = labelSize
        self.leadingGap = leadingGap
        self.stackEdges = stackEdges
        self.titleSize = titleSize ?? labelSize + 4
        frame = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
        let gap = Float(labelSize) * 0.6
        let tickLength = Float(labelSize) * 0.4
        let lineHeight = Float(labelSize) * 1.25
        // Without a title under another panel, the gap that one keeps below it is this one's: the
        // top tick label (centred on the plot's edge) needs only half its line and half a gap.
        let titleRoom = Float(self.titleSize) * 1.3 * Float(max(1, titleLines))
        let top = hasTitle ? gap * 2 + titleRoom : stackEdges.above ? lineHeight / 2 + gap * 0.5 : gap * 2
        let left = leadingGap + max(gap + lineHeight + gap + yLabelWidth + tickLength + gap * 0.5, xLabelWidth / 2 + gap)
        // Over another panel, that one's top keeps the gap between them.
        let bottomGap = stackEdges.below ? 0 : gap
        var bottom = tickLength + gap * 0.5 + lineHeight + (hasXTitle ? gap * 0.5 + lineHeight : 0) + bottomGap
        if legendHeight > 0 { bottom += legendHeight + gap * 0.5 }
        xTitleBottom = Float(height) - bottomGap - (legendHeight > 0 ? legendHeight + gap * 0.5 : 0)
        let barWidth = max(10, Float(labelSize) * 1.2)
        var right = hasColorbar ? gap * 2 + barWidth + tickLength + gap * 0.5 + colorbarLabelWidth + gap
            + lineHeight + Float(max(0, colorbarTitleLines - 1)) * Float(labelSize) * 1.4 + gap : gap * 2
        right = max(right, xLabelWidth / 2 + gap)
        if !hasXTitle { right = max(right, xTitleRoom) }
        if legendWidth > 0 { right += legendWidth + gap }
        let x0 = Int(left.rounded()), y0 = Int(top.rounded())
        let x1 = max(x0 + 1, width - Int(right.rounded())), y1 = max(y0 + 1, height - Int(bottom.rounded()))
        plot = PixelRect(x0: x0, y0: y0, x1: x1, y1: y1)
        if hasColorbar {
            let bx = x1 + Int((gap * 2).rounded())
            colorbar = PixelRect(x0: bx, y0: y0, x1: bx + Int(barWidth.rounded()), y1: y1)
        } else {
            colorbar = nil
        }
    }
}

/// Which edges of a panel meet another panel of a stack: one gap separates two stacked panels
/// (the upper one's tick labels or x axis title from the lower one's title or top tick label),
/// where each panel alone keeps a gap at the frame's edge (two would leave 20 px of blank between
/// them at 320×240).
public struct StackEdges: Sendable, Equatable {
    /// A panel sits right above this one / right below it.
    public var above: Bool
    public var below: Bool

    public init(above: Bool = false, below: Bool = false) {
        self.above = above
        self.below = below
    }
}
