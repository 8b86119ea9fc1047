import Foundation
import OptaCore
import OptaRaster
@testable import OptaScene
import OptaText
import Testing

/// At 320×240 a journal figure keeps its whole title: what does not fit one line wraps onto a
/// second, and only what does not fit two is cut with "…". `figure(_:)` is the figure the
/// session draws for an example at a size.
@Suite struct FigureWrapTests {
    let fonts: FontLibrary
    init() throws { fonts = try FontLibrary.loadDefault() }

    static func figure(_ example: String, width: Int = 320, height: Int = 240) throws -> (any SceneFigure, Scenario) {
        let scenario = try ScenarioLoader.load(path: GoldenSceneTests.root.appendingPathComponent("Examples/\(example).json").path)
        let session = try HeadlessSession(scenario: scenario)
        let figures = SessionFigures(scenario: scenario, fonts: try FontLibrary.loadDefault())
        return (figures.figure(for: session.renderState, width: width, height: height), scenario)
    }

    /// The convergence chart of `example` run to its end, drawn at `width` × `height` (the last
    /// panel's chart for panels), with the state it shows.
    func completedChart(_ example: String, width: Int, height: Int) throws -> (ConvergenceFigure, RenderState) {
        let scenario = try ScenarioLoader.load(path: GoldenSceneTests.root.appendingPathComponent("Examples/\(example).json").path)
        var session = try HeadlessSession(scenario: scenario)
        session.runToCompletion()
        let figure = SessionFigures(scenario: scenario, fonts: fonts).figure(for: session.renderState, width: width, height: height)
        let shown: any SceneFigure = (figure as? PanelsFigure)?.panels.last?.figure ?? figure
        return (try #require(shown as? ConvergenceFigure), session.renderState)
    }

    /// The title's lines as the figure draws them (the first panel's for panels).
    func titleLines(_ figure: any SceneFigure) -> [String]? {
        switch figure {
        case let f as LandscapeFigure: f.titleLines
        case let f as SurfaceFigure: f.titleLines
        case let f as GraphFigure: f.titleLines
        case let f as ConvergenceFigure: f.titleLines
        case let f as PanelsFigure: f.panels.first.flatMap { titleLines($0.figure) }
        default: nil
        }
    }

    /// (grid-valley-panels: stacked at 320×240, its landscape panel's title takes two lines, and
    /// the stack gives that panel the height for them, see `StackedPanelTitleTests`.)
    @Test(arguments: ["formula", "graph-from-csv", "grid-valley", "state-machine", "supply-chain", "unicode-labels",
                      "convergence", "grid-valley-panels"])
    func titlesWrapInsteadOfBeingCut(example: String) throws {
        let (figure, scenario) = try Self.figure(example)
        let lines = try #require(titleLines(figure))
        let title = try #require(scenario.title)
        #expect(lines.count <= 2)
        #expect(!lines.contains { $0.hasSuffix("…") }, "\(example): \(lines)")
        // Every character of the title is drawn (spaces at a break aside).
        #expect(lines.joined().filter { $0 != " " } == title.filter { $0 != " " }, "\(example): \(lines)")
    }

    /// A frame shorter than 16 label heights (a thumbnail, a stacked panel whose title one line
    /// holds) keeps its title on one line, so the plot keeps its room: at 160×90 a two-line title
    /// left none for the paths. (The smallest plot heights seen with one title line; with two, the
    /// 160×90 plot had none.)
    @Test(arguments: [("solvers", 160, 90, 10), ("panels", 320, 240, 20)])
    func shortFramesKeepOneTitleLineAndTheirPlot(example: String, width: Int, height: Int, minimumPlot: Int) throws {
        let (figure, _) = try Self.figure(example, width: width, height: height)
        let lines = try #require(titleLines(figure))
        #expect(lines.count == 1, "\(example): \(lines)")
        if let landscape = (figure as? LandscapeFigure) ?? (figure as? PanelsFigure)?.panels.first?.figure as? LandscapeFigure {
            #expect(landscape.layout.plot.height >= minimumPlot, "\(example): plot \(landscape.layout.plot)")
        }
    }

    /// A stacked panel's title that one line cannot hold at the usual size is drawn a little
    /// smaller, whole, rather than cut ("Rosenbrock: paths and convergen…"). (grid-valley-panels'
    /// title is too long for one line at any size a title may take: it wraps, see
    /// `StackedPanelTitleTests`.)
    @Test func shortFramesShrinkTheirTitleBeforeCuttingIt() throws {
        let example = "panels"
        let (figure, _) = try Self.figure(example)
        let panels = try #require(figure as? PanelsFigure)
        for panel in panels.panels {
            let (lines, layout): ([String], LandscapeLayout) = switch panel.figure {
            case let f as LandscapeFigure: (f.titleLines, f.layout)
            case let f as ConvergenceFigure: (f.titleLines, f.layout)
            default: ([], LandscapeLayout(width: 1, height: 1, hasTitle: false, hasColorbar: false, yLabelWidth: 0,
                                          colorbarLabelWidth: 0, labelSize: 11))
            }
            #expect(!lines.contains { $0.hasSuffix("…") }, "\(example): \(lines)")
            #expect(layout.titleSize > layout.labelSize && layout.titleSize <= layout.labelSize + 4)
        }
    }

    @Test func titlesShrinkOnlyWhenTheUsualSizeCutsThem() {
        let title = "Rosenbrock: paths and convergence"
        let whole = fonts.measure(title, pixelSize: 15, weight: .bold)
        let roomy = FigureText.title(title, maxWidth: whole + 1, maxLines: 1, fonts: fonts, size: 15, minSize: 12)
        #expect(roomy.lines == [title] && roomy.size == 15)
        let tight = FigureText.title(title, maxWidth: whole * 0.9, maxLines: 1, fonts: fonts, size: 15, minSize: 12)
        #expect(tight.lines == [title] && tight.size < 15 && tight.size >= 12)
        #expect(fonts.measure(title, pixelSize: tight.size, weight: .bold) <= whole * 0.9)
        let hopeless = FigureText.title(title, maxWidth: whole * 0.5, maxLines: 1, fonts: fonts, size: 15, minSize: 12)
        #expect(hopeless.size == 15 && hopeless.lines.count == 1 && hopeless.lines[0].hasSuffix("…"))
    }

    /// The colourbar's title, turned along the bar, wraps as the plot's title does.
    @Test(arguments: ["grid-valley", "formula", "unicode-labels", "himmelblau"])
    func colourbarTitlesWrapInsteadOfBeingCut(example: String) throws {
        let (figure, _) = try Self.figure(example)
        let landscape = try #require(figure as? LandscapeFigure)
        let full = landscape.colorbarTicks.title
        #expect(!landscape.colorbarTitleLines.contains { $0.hasSuffix("…") }, "\(example): \(landscape.colorbarTitleLines)")
        #expect(landscape.colorbarTitleLines.joined().filter { $0 != " " } == full.filter { $0 != " " })
    }

    /// A bar too short for its whole title (a panel in a stack) takes a shorter form of it, whole.
    @Test(arguments: ["panels", "grid-valley-panels"])
    func shortBarsTakeAShorterColourbarTitle(example: String) throws {
        let (figure, _) = try Self.figure(example)
        let panel = try #require((figure as? PanelsFigure)?.panels.first?.figure as? LandscapeFigure)
        let shorter = ColorbarTicks.shorterTitles(for: panel.prepared.scale)
        #expect(shorter.contains(panel.colorbarTitleLines.joined(separator: " ")), "\(panel.colorbarTitleLines)")
        #expect(!panel.colorbarTitleLines.contains { $0.hasSuffix("…") })
    }

    /// A chart too small for the whole best-value note shows a shorter one whole, never cut.
    @Test func aSmallChartShortensItsBestNoteInsteadOfCuttingIt() throws {
        let (chart, state) = try completedChart("grid-valley-panels", width: 320, height: 240)
        let canvas = chart.canvas(state)
        let texts = canvas.texts.map(\.text)
        let note = try #require(canvas.texts.first { $0.text.hasPrefix("best f = ") }, "\(texts)")
        #expect(!texts.contains { $0.hasSuffix("…") }, "\(texts)")
        #expect(!note.text.contains("step"), "shortened: \(note.text)")
        // Centred over its ring and slid up to the plot's top, it crosses no line here
        // (`BestNotePlacementTests`), and so sits on no card: before, every place tried crossed one.
        let card = canvas.list.items.contains { item in
            if case let .rect(rect, fill) = item { return rect.contains(note.rect) && fill.a >= 0.9 && fill.r == 1 }
            return false
        }
        #expect(!card, "a card under a note no line crosses")
    }

    /// A best note wrapped onto two lines keeps the step number with its word: "L-BFGS," /
    /// "step 39", not "L-BFGS, step" / "39" (the convergence example at 320×240).
    @Test func aWrappedBestNoteKeepsTheStepWithItsNumber() throws {
        let (chart, state) = try completedChart("convergence", width: 320, height: 240)
        let texts = chart.canvas(state).texts.map(\.text)
        let first = try #require(texts.firstIndex { $0.hasPrefix("best ") }, "\(texts)")
        let note = Array(texts[first...].prefix(2))
        #expect(note.count == 2 && note[1] == "step\u{00A0}39", "\(note)")
    }

    /// A chart too short for a two-line note (a stacked panel at 320×180, its plot a few pixels
    /// tall) shows a one-line one, which runs the least over its frame and tick labels.
    @Test func aNoteTooTallForItsChartGivesWayToAShorterOne() throws {
        let (chart, state) = try completedChart("panels", width: 320, height: 180)
        let texts = chart.canvas(state).texts.map(\.text)
        let first = try #require(texts.firstIndex { $0.hasPrefix("best ") }, "\(texts)")
        #expect(!texts[(first + 1)...].contains { $0.hasPrefix("step") }, "\(texts)")
    }

    @Test func wrappingBreaksAtSpacesOrBetweenCJKAndCutsOnlyWhatTwoLinesCannotHold() {
        let size = 14
        let words = "alpha beta gamma delta epsilon"
        let room = fonts.measure("alpha beta gamma", pixelSize: size) + 1
        #expect(FigureText.wrapped(words, maxWidth: room, fonts: fonts, size: size) == ["alpha beta gamma", "delta epsilon"])
        #expect(FigureText.wrapped(words, maxWidth: 1000, fonts: fonts, size: size) == [words])
        let cut = FigureText.wrapped(words + " zeta eta theta iota kappa", maxWidth: room, fonts: fonts, size: size)
        #expect(cut.count == 2 && cut[0] == "alpha beta gamma" && cut[1].hasSuffix("…"))
        #expect(cut.allSatisfy { fonts.measure($0, pixelSize: size) <= room })
        let cjk = "関数の最小値関数の最小値"
        let halves = FigureText.wrapped(cjk, maxWidth: fonts.measure("関数の最小値", pixelSize: size) + 1, fonts: fonts, size: size)
        #expect(halves == ["関数の最小値", "関数の最小値"])
        let dashRoom = fonts.measure("Nelder–", pixelSize: size) + 1
        #expect(FigureText.wrapped("Nelder–Mead", maxWidth: dashRoom, fonts: fonts, size: size) == ["Nelder–", "Mead"])
        #expect(FigureText.wrapped("-0.25", maxWidth: fonts.measure("-0.2", pixelSize: size), fonts: fonts, size: size).count == 1)
    }

    @Test func layoutGivesTheSecondTitleLineFromThePlot() {
        let one = LandscapeLayout(width: 320, height: 240, hasTitle: true, hasColorbar: true, yLabelWidth: 20,
                                  colorbarLabelWidth: 20, labelSize: 11)
        let two = LandscapeLayout(width: 320, height: 240, hasTitle: true, hasColorbar: true, yLabelWidth: 20,
                                  colorbarLabelWidth: 20, labelSize: 11, titleLines: 2)
        #expect(abs(Float(two.plot.y0 - one.plot.y0) - two.titleLineStep) <= 1)
        #expect(two.plot.y1 == one.plot.y1)
    }

}
