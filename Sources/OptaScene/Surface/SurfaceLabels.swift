import OptaCore
import OptaText

/// The 3D figure's text, laid out and rasterized once per figure: every label depends only on
/// the scenario and the frame size, so a frame just places the stamps where the camera puts them.
struct SurfaceLabels: Sendable {
    /// The x and y axes' tick values with their labels.
    let xTicks: [(value: Double, label: String)]
    let yTicks: [(value: Double, label: String)]
    /// Their ordinals (value over step), for thinning.
    let xOrdinals: [Int]
    let yOrdinals: [Int]
    /// The axis titles, cut to 40 % of the width the box has.
    let xTitle: String
    let yTitle: String
    private let stamps: [Key: TextStamp]

    private struct Key: Hashable {
        let text: String
        let size: Int
        let weight: FontWeight
    }

    init(scenario: Scenario, layout: LandscapeLayout, colorbarTicks: (ticks: [ColorbarTicks.Tick], title: String),
         titleLines: [String], fonts: FontLibrary) {
        let domain = scenario.landscape.domain
        let xStep = scenario.axes.xStep ?? NiceTicks.step(span: domain.x.upperBound - domain.x.lowerBound, targetCount: 6)
        let yStep = scenario.axes.yStep ?? NiceTicks.step(span: domain.y.upperBound - domain.y.lowerBound, targetCount: 6)
        xTicks = NiceTicks.values(in: domain.x, step: xStep).map { ($0, NiceTicks.label($0, step: xStep)) }
        yTicks = NiceTicks.values(in: domain.y, step: yStep).map { ($0, NiceTicks.label($0, step: yStep)) }
        xOrdinals = TickThinning.ordinals(xTicks.map(\.value), step: xStep)
        yOrdinals = TickThinning.ordinals(yTicks.map(\.value), step: yStep)
        let size = layout.labelSize
        let room = Float(layout.colorbar?.x0 ?? layout.frame.x1) * 0.4
        xTitle = FigureText.fitted(scenario.axes.xTitle, maxWidth: room, fonts: fonts, size: size)
        yTitle = FigureText.fitted(scenario.axes.yTitle, maxWidth: room, fonts: fonts, size: size)
        var keys = (xTicks.map(\.label) + yTicks.map(\.label) + colorbarTicks.ticks.map(\.label)
                    + [xTitle, yTitle]).map { Key(text: $0, size: size, weight: .regular) }
        keys += [Key(text: "f", size: size, weight: .bold)] + titleLines.map { Key(text: $0, size: layout.titleSize, weight: .bold) }
        var stamps: [Key: TextStamp] = [:]
        for key in keys where stamps[key] == nil {
            stamps[key] = TextStamp(fonts.layout(key.text, pixelSize: key.size, weight: key.weight))
        }
        self.stamps = stamps
    }

    /// `text` at `size` and `weight`: its stamp made with the figure, or laid out now.
    func stamp(_ text: String, size: Int, weight: FontWeight, fonts: FontLibrary) -> TextStamp {
        stamps[Key(text: text, size: size, weight: weight)] ?? TextStamp(fonts.layout(text, pixelSize: size, weight: weight))
    }
}
