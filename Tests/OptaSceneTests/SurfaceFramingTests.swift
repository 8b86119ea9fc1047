import Foundation
import OptaCore
import OptaRaster
@testable import OptaScene
import OptaText
import Testing

/// The 3D view is zoomed and moved to fit the frame: box, axes and labels inside it at any size
/// and aspect ratio, with tick labels thinned where they would overlap.
@Suite struct SurfaceFramingTests {
    let fonts: FontLibrary
    init() throws { fonts = try FontLibrary.loadDefault() }

    static let sizes: [(Int, Int)] = [(320, 240), (1280, 720), (3840, 2160), (800, 800), (600, 1000), (1600, 400)]

    func report(_ json: String, width: Int, height: Int) throws -> (FigureLayoutReport, SurfaceFigure) {
        var scenario = try ScenarioLoader.parse(Data(json.utf8))
        scenario.surface?.resolution = 16
        let session = try HeadlessSession(scenario: scenario)
        let figure = SurfaceFigure(scenario: scenario, width: width, height: height, fonts: fonts)
        return (figure.layoutReport(for: session.renderState), figure)
    }

    func expectTidy(_ report: FigureLayoutReport, _ context: String) {
        #expect(report.boxCorners.count == 8, "\(context): every corner is in front of the camera")
        for corner in report.boxCorners {
            #expect(corner.x >= 0 && corner.x <= Float(report.width) && corner.y >= 0 && corner.y <= Float(report.height),
                    "\(context): box corner \(corner) is outside the frame")
        }
        for (i, a) in report.texts.enumerated() {
            #expect(report.frame.contains(a.rect), "\(context): \"\(a.text)\" at \(a.rect) leaves the frame")
            for b in report.texts[(i + 1)...] where a.rect.overlaps(b.rect) {
                Issue.record("\(context): \"\(a.text)\" \(a.rect) overlaps \"\(b.text)\" \(b.rect)")
            }
        }
    }

    @Test(arguments: sizes) func theDefaultCameraShowsTheWholeBoxAndEveryLabel(width: Int, height: Int) throws {
        let (report, figure) = try report(#"{"version": 1, "view": "3d", "landscape": {"function": "rosenbrock"}}"#,
                                          width: width, height: height)
        expectTidy(report, "rosenbrock \(width)×\(height)")
        #expect(report.texts.contains { $0.text == "x" } && report.texts.contains { $0.text == "y" }, "axis titles are drawn")
        #expect(report.texts.contains { $0.text == "f" }, "the f axis is named")
        // The fit is tight (`theFitIsTheLargestZoomThatKeepsEveryItemInside`): the box spans most of
        // the view across or down; the rest is its labels.
        let xs = report.boxCorners.map(\.x), ys = report.boxCorners.map(\.y)
        let across = (xs.max()! - xs.min()!) / figure.viewRect.width, down = (ys.max()! - ys.min()!) / figure.viewRect.height
        #expect(max(across, down) > 0.75, "\(width)×\(height): the box spans \(across) of the view across, \(down) down")
    }

    @Test(arguments: sizes) func rastriginsOwnCameraIsFittedToo(width: Int, height: Int) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let json = try String(contentsOf: root.appendingPathComponent("Examples/rastrigin-3d.json"), encoding: .utf8)
        let (report, _) = try report(json, width: width, height: height)
        expectTidy(report, "rastrigin-3d \(width)×\(height)")
    }

    @Test func framingIsAZoomAndShiftOfTheProjection() throws {
        let scenario = try ScenarioLoader.parse(Data(#"{"version": 1, "view": "3d", "landscape": {"function": "booth"}}"#.utf8))
        let camera = scenario.surface!.camera
        let framing = SurfaceFraming(scale: 1.7, offset: SIMD2(-40, 25))
        let plain = SurfaceProjector(camera: camera, width: 640, height: 360, near: 0.1, far: 100)
        let framed = SurfaceProjector(camera: camera, width: 640, height: 360, near: 0.1, far: 100, framing: framing)
        for p in [SIMD3<Double>(0, 0, 0), SIMD3(5, -3, 2), SIMD3(-8, 9, 0.5)] {
            let a = try #require(plain.project(p)), b = try #require(framed.project(p))
            let expected = a.point * 1.7 + SIMD2(-40, 25)
            #expect(abs(b.point.x - expected.x) < 1e-3 && abs(b.point.y - expected.y) < 1e-3, "\(b.point) vs \(expected)")
            #expect(a.invW == b.invW, "depth is unchanged")
        }
    }

    @Test func theFitIsTheLargestZoomThatKeepsEveryItemInside() {
        let items = [SurfaceFraming.Item(anchor: SIMD2(-10, 0)), SurfaceFraming.Item(anchor: SIMD2(10, 5)),
                     SurfaceFraming.Item(anchor: SIMD2(0, 2), lo: SIMD2(-30, -10), hi: SIMD2(30, 10))]
        let rect = PixelRectF(x0: 100, y0: 50, x1: 900, y1: 150)
        let framing = SurfaceFraming.fit(items, into: rect)
        func inside(_ f: SurfaceFraming) -> Bool {
            items.allSatisfy { item in
                let p = item.anchor * f.scale + f.offset
                return p.x + item.lo.x >= Double(rect.x0) - 1e-6 && p.x + item.hi.x <= Double(rect.x1) + 1e-6
                    && p.y + item.lo.y >= Double(rect.y0) - 1e-6 && p.y + item.hi.y <= Double(rect.y1) + 1e-6
            }
        }
        #expect(inside(framing))
        // The height limits it: anchors 0 and 5 apart, and the label 20 px tall around 2, span
        // max(5s, 2s + 10) − min(0, 2s − 10) = 5s for s ≥ 10, in 100 px: s = 20 (across, 20s ≤ 800).
        #expect(abs(framing.scale - 20) < 1e-6, "\(framing.scale)")
        #expect(!SurfaceFraming.fits(items, scale: framing.scale * 1.01, SIMD2(800, 100)))
    }

    @Test func overlappingTickLabelsKeepEveryKthAndZero() {
        // Labels 30 px wide every 20 px: every second one fits, counting from the tick at 0.
        let boxes = (0..<7).map { i in PixelRectF(x: Float(i) * 20, y: 0, width: 30, height: 10) }
        let kept = TickThinning.kept(boxes, ordinals: Array(-3...3), gap: 2)
        #expect(kept == [false, true, false, true, false, true, false])
        let spaced = (0..<5).map { i in PixelRectF(x: Float(i) * 40, y: 0, width: 30, height: 10) }
        #expect(TickThinning.kept(spaced, ordinals: Array(0..<5), gap: 2) == [true, true, true, true, true])
    }
}
