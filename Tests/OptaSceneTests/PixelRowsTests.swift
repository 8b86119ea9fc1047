import OptaCore
import OptaRaster
import Shaders
import Testing

@Suite("The plot's pixel rows")
struct PixelRowsTests {
    @Test("each row's y is the domain point's y, bit for bit, for any plot")
    func rowsMatchDomainPoints() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let y0 = Int.random(in: -50...400, using: &generator), height = Int.random(in: 1...2200, using: &generator)
            let low = Double.random(in: -1e6...1e6, using: &generator)
            let span = [1e-9, 1e-3, 1, 4, 1e5].randomElement(using: &generator)! * Double.random(in: 0.5...2, using: &generator)
            let viewport = PlotViewport(rect: PixelRect(x0: 10, y0: y0, x1: 300, y1: y0 + height),
                                        xRange: -2...2, yRange: low...(low + span))
            let rows = viewport.pixelRows
            #expect(rows.rows == y0..<(y0 + height))
            for r in [y0, y0 + height / 3, y0 + height - 1] {
                #expect(rows.y(r).bitPattern == viewport.domainPoint(pixelX: 17, pixelY: r).y.bitPattern)
            }
        }
    }
}
