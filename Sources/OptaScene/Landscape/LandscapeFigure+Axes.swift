import OptaRaster
import OptaText

extension LandscapeFigure {
    /// Width of the frame lines and ticks (`LandscapeLayout.lineWidth`).
    var lineWidth: Float { layout.lineWidth }

    /// `v` moved to where a line `lineWidth` wide centred on it covers whole pixels.
    func pixelCentred(_ v: Float) -> Float {
        v.rounded(.down) + (Int(lineWidth) % 2 == 1 ? 0.5 : 0)
    }

    /// The plot's frame, the ticks and their labels (thinned where they would touch), the axis
    /// titles and the plot title, each cut to the room it has.
    func addFrameAndTicks(_ list: inout FigureCanvas) {
        let p = layout.plot
        let x0 = Float(p.x0), y0 = Float(p.y0), x1 = Float(p.x1), y1 = Float(p.y1)
        let size = layout.labelSize
        let tick = Float(size) * 0.4
        let gap = Float(size) * 0.3
        // Frame: a line of whole pixels (1 px at 1080 p) just outside the plot area.
        let w = lineWidth
        Self.addBorder(&list, PixelRectF(x0: x0 - w, y0: y0 - w, x1: x1 + w, y1: y1 + w), color: Self.frameColor, width: w)
        let lineHeight = Float(size) * 1.25
        let xAnchors = xTickAnchors
        for anchor in xAnchors {
            let x = anchor.x
            list.append(.rect(PixelRectF(x0: x - w / 2, y0: y1 + w, x1: x + w / 2, y1: y1 + w + tick), fill: Self.frameColor))
        }
        FigureText.appendTicks(&list, xLabels.labels, at: xAnchors, ordinals: TickThinning.ordinals(xTicks.values, step: xTicks.step),
                               fonts: fonts, size: size, horizontal: .center, vertical: .top, color: Self.ink, gap: Float(size) * 0.5)
        var yAnchors: [SIMD2<Float>] = []
        for v in yTicks.values {
            let y = pixelCentred(Float(viewport.framePoint(SIMD2(0, v)).y))
            list.append(.rect(PixelRectF(x0: x0 - w - tick, y0: y - w / 2, x1: x0 - w, y1: y + w / 2), fill: Self.frameColor))
            yAnchors.append(SIMD2(x0 - w - tick - gap, y))
        }
        FigureText.appendTicks(&list, yLabels.labels, at: yAnchors, ordinals: TickThinning.ordinals(yTicks.values, step: yTicks.step),
                               fonts: fonts, size: size, horizontal: .right, vertical: .middle, color: Self.ink, gap: Float(size) * 0.2)
        // A common offset or power of ten: under the x labels' right end, above the y axis.
        // The x title keeps clear of the note, which shares its line.
        var xTitleRoom = x1 - x0
        if let note = xLabels.annotation {
            text(&list, note, at: SIMD2(x1, y1 + 1 + tick + gap + lineHeight + Float(size) * 0.25), size: size,
                 horizontal: .right, vertical: .top)
            xTitleRoom -= 2 * (fonts.measure(note, pixelSize: size) + Float(size))
        }
        if let note = yLabels.annotation {
            text(&list, note, at: SIMD2(x0, y0 - gap), size: size, horizontal: .left, vertical: .bottom)
        }
        // Axis titles and the plot title.
        if showsXTitle {
            text(&list, FigureText.fitted(scenario.axes.xTitle, maxWidth: xTitleRoom, fonts: fonts, size: size),
                 at: SIMD2((x0 + x1) / 2, layout.xTitleBottom), size: size, horizontal: .center, vertical: .bottom)
        } else if let origin = xTitleOnTickRow {
            text(&list, scenario.axes.xTitle, at: origin, size: size, horizontal: .left, vertical: .top)
        }
        text(&list, FigureText.fitted(scenario.axes.yTitle, maxWidth: y1 - y0, fonts: fonts, size: size),
             at: SIMD2(layout.yTitleX, (y0 + y1) / 2), size: size,
             horizontal: .center, vertical: .middle, rotated: true)
        // Centred over the plot, moved to stay clear of the y axis's note and the frame's edge.
        let span = Self.titleSpan(plotX0: x0, width: width, labelSize: size, yNote: yLabels.annotation, fonts: fonts)
        let anchors = FigureText.titleAnchors(titleLines, center: (x0 + x1) / 2, left: span.lowerBound, right: span.upperBound,
                                              bottom: y0 - Float(size) * 0.8, lineStep: layout.titleLineStep, fonts: fonts,
                                              size: layout.titleSize)
        for (line, anchor) in zip(titleLines, anchors) {
            text(&list, line, at: anchor, size: layout.titleSize, weight: .bold, horizontal: .center, vertical: .bottom)
        }
    }

    /// Where the x axis's title starts on the tick row (`InlineAxisTitle`) when the layout keeps
    /// no line for it below (a panel of a short stack); nil when it has its line, or no room.
    var xTitleOnTickRow: SIMD2<Float>? {
        guard !showsXTitle else { return nil }
        let size = layout.labelSize, anchors = xTickAnchors
        let boxes = FigureText.tickBoxes(xLabels.labels, at: anchors, ordinals: TickThinning.ordinals(xTicks.values, step: xTicks.step),
                                         fonts: fonts, size: size, horizontal: .center, vertical: .top, gap: Float(size) * 0.5)
        return InlineAxisTitle.origin(scenario.axes.xTitle, tickLabels: boxes, rowTop: xTickRowTop,
                                      right: Float(width) - Float(size) * 0.3, fonts: fonts, size: size)
    }

    /// The top of the x tick labels' row: a tick and a gap below the frame line.
    var xTickRowTop: Float {
        Float(layout.plot.y1) + lineWidth + Float(layout.labelSize) * 0.4 + Float(layout.labelSize) * 0.3
    }

    /// Where each x tick's label hangs from (its top centre), under its tick.
    var xTickAnchors: [SIMD2<Float>] {
        let top = xTickRowTop
        return xTicks.values.map { v in SIMD2(pixelCentred(Float(viewport.framePoint(SIMD2(v, 0)).x)), top) }
    }

    /// Where the title may go across the frame: clear of the frame's edges and of the y axis's
    /// note (drawn above the plot's left end).
    static func titleSpan(plotX0: Float, width: Int, labelSize size: Int, yNote: String?, fonts: FontLibrary) -> ClosedRange<Float> {
        let left = yNote.map { plotX0 + fonts.measure($0, pixelSize: size) + Float(size) } ?? Float(size) * 0.6
        let right = Float(width) - Float(size) * 0.6
        return left...max(left, right)
    }

    /// The colourbar's frame, ticks, labels and title (the ramp itself is the shader's).
    func addColorbar(_ list: inout FigureCanvas) {
        guard let bar = layout.colorbar else { return }
        ColorbarChrome(bar: bar, ticks: colorbarTicks.ticks, titleLines: colorbarTitleLines, labelSize: layout.labelSize,
                       titleLineStep: layout.colorbarTitleLineStep, lineWidth: lineWidth, frameColor: Self.frameColor, ink: Self.ink)
            .draw(&list, fonts: fonts)
    }
}
