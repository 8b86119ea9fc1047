import OptaCore
import OptaText

/// Turns the render state of each frame of a session into a figure. The colour range is worked out
/// once, over the scenario's home domain, so colours stay put while the camera pans and zooms.
public struct SessionFigures: Sendable {
    public let homeRange: ClosedRange<Double>?
    let fonts: FontLibrary

    public init(scenario: Scenario, fonts: FontLibrary) {
        homeRange = PreparedLandscape.sampleRange(scenario.landscape.objective, scenario.landscape.domain)
        self.fonts = fonts
    }

    /// The figure for one frame, at the scenario's size unless given.
    public func figure(for state: RenderState, width: Int? = nil, height: Int? = nil) -> LandscapeFigure {
        let scenario = state.scenario
        return LandscapeFigure(scenario: scenario, width: width ?? scenario.width, height: height ?? scenario.height,
                               fonts: fonts, prepared: PreparedLandscape(scenario.landscape, sampledRange: .some(homeRange)))
    }
}
