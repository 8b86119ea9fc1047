import Foundation
import OptaCore
import OptaRaster
@testable import OptaScene
import OptaText
import Testing

/// Panels too narrow to sit side by side at a frame size are stacked, each as wide as the frame.
@Suite struct PanelsStackTests {
    @Test func panelsTooNarrowToSitSideBySideAreStacked() throws {
        let small = PanelsFigure.layout(weights: [1, 1], width: 320, height: 240)
        #expect(small == [PixelRect(x0: 0, y0: 0, x1: 320, y1: 120), PixelRect(x0: 0, y0: 120, x1: 320, y1: 240)])
        let wide = PanelsFigure.layout(weights: [1, 1], width: 960, height: 540)
        #expect(wide.map(\.y0) == [0, 0] && wide.map(\.x1) == [480, 960])
        for example in ["panels", "grid-valley-panels"] {
            let (figure, _) = try FigureWrapTests.figure(example)
            let panels = try #require(figure as? PanelsFigure)
            let landscape = try #require(panels.panels.first?.figure as? LandscapeFigure)
            #expect(landscape.layout.plot.width >= 100, "\(example): the landscape's plot is \(landscape.layout.plot.width) px wide")
        }
    }
}
