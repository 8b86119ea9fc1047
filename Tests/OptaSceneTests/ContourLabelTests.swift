import Foundation
import OptaCore
import OptaRaster
@testable import OptaScene
import OptaText
import Testing

/// Contour labels keep a gap from each other and never touch a path or a marker.
@Suite struct ContourLabelTests {
    let fonts: FontLibrary
    init() throws { fonts = try FontLibrary.loadDefault() }

    /// Distance from a point to a segment.
    func distance(_ p: SIMD2<Float>, _ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Float {
        let d = b - a, length2 = (d * d).sum()
        let t = length2 > 0 ? max(0, min(1, ((p - a) * d).sum() / length2)) : 0
        let q = a + d * t - p
        return (q * q).sum().squareRoot()
    }

    static let scenes = [
        // Long labels on closely spaced levels (they used to read "−0.672−0.872").
        #"{"version": 1, "landscape": {"expression": "sin(3*x)*cos(2*y) + 0.1*(x^2+y^2)", "domain": {"x": [-3, 3], "y": [-2, 2]}, "scale": "linear", "labels": true, "contours": {"count": 24}}, "paths": [{"name": "p", "points": [[-2.5, 1.5], [-2, 1.2], [-1.7, 1], [-1.3, 0.6], [-1, 0.1], [-0.7, -0.2], [-0.5, 0]]}]}"#,
        #"{"version": 1, "landscape": {"function": "himmelblau", "labels": true, "contours": {"count": 16}}, "paths": [{"name": "a", "points": [[-4, 4], [0, 0], [3, 2], [4, -4]], "width": 3}, {"name": "b", "points": [[-5, -5], [5, 5]], "markers": false}]}"#,
    ]

    @Test(arguments: scenes) func labelsKeepClearOfLabelsPathsAndMarkers(json: String) throws {
        let scenario = try ScenarioLoader.parse(Data(json.utf8))
        // From a thumbnail to 4K, where paths and markers are drawn twice their 1080 p size.
        for (width, height) in [(320, 240), (640, 400), (1280, 720), (3840, 2160)] {
            let figure = LandscapeFigure(scenario: scenario, width: width, height: height, fonts: fonts)
            let boxes = figure.contourLabels.map { $0.stamp.rect(at: $0.origin) }
            #expect(boxes.count >= (width < 640 ? 2 : 6), "\(width)×\(height): enough labels to matter (\(boxes.count))")
            let size = Float(figure.layout.labelSize), s = figure.layout.strokeScale
            for (i, a) in boxes.enumerated() {
                #expect(PixelRectF(figure.layout.plot).contains(a))
                for b in boxes[(i + 1)...] {
                    #expect(!a.overlaps(b, gap: size - 0.01), "\(width)×\(height): labels \(a) and \(b) closer than \(size) px")
                }
            }
            let framePoint = { (p: SIMD2<Double>) -> SIMD2<Float> in
                let q = figure.viewport.framePoint(p)
                return SIMD2(Float(q.x), Float(q.y))
            }
            for path in scenario.paths {
                let points = path.points.map(framePoint)
                for box in boxes {
                    // The stroke's edge, sampled densely along each segment, stays outside the box.
                    for (a, b) in zip(points, points.dropFirst()) {
                        for k in 0...200 {
                            let p = a + (b - a) * (Float(k) / 200)
                            #expect(box.grown(by: (Float(path.width) / 2 + PathStroke.haloWidth) * s + 1).containsPoint(p) == false,
                                    "\(width)×\(height): path \(path.name) touches the label at \(box)")
                        }
                    }
                    if path.markers {
                        for p in points {
                            #expect(box.distance(to: p) > (Float(path.markerRadius) + PathStroke.haloWidth) * s,
                                    "\(width)×\(height): a marked point under the label at \(box)")
                        }
                    }
                    // The start ring and end disk, with their outlines.
                    for p in [points.first, points.last].compactMap({ $0 }) {
                        #expect(box.distance(to: p) > (LandscapeFigure.endMarkerRadius + 1.25) * s,
                                "\(width)×\(height): an end marker touches the label at \(box)")
                    }
                }
            }
            for minimum in figure.visibleMinima {
                let p = framePoint(minimum.point)
                for box in boxes {
                    #expect(box.distance(to: p) > MinimumMarker.reach * s, "\(width)×\(height): the minimum marker touches the label at \(box)")
                }
            }
        }
    }

    /// What labels keep clear of is as large as what is drawn there: at 3840×2160 paths, markers
    /// and the minimum's × are drawn twice their 1080 p size, and so are their obstacles (they
    /// kept 1080 p sizes, half a 4K marker).
    @Test(arguments: [(320, 240), (1920, 1080), (3840, 2160)])
    func obstaclesAreAsLargeAsWhatIsDrawn(size: (width: Int, height: Int)) throws {
        let json = #"{"version": 1, "landscape": {"function": "himmelblau", "labels": true}, "paths": [{"name": "a", "points": [[-4, 4], [0, 0], [3, 2]], "width": 3, "markerRadius": 4}]}"#
        let scenario = try ScenarioLoader.parse(Data(json.utf8))
        let figure = LandscapeFigure(scenario: scenario, width: size.width, height: size.height, fonts: fonts)
        let s = figure.layout.strokeScale, path = scenario.paths[0]
        let obstacles = LandscapeFigure.labelObstacles(scenario.paths, minima: figure.visibleMinima.map(\.point), viewport: figure.viewport,
                                                       labelSize: figure.layout.labelSize)
        #expect(obstacles.lineClearance >= (Float(path.width) / 2 + PathStroke.haloWidth) * s + Float(figure.layout.labelSize) / 2)
        let framePoint = { (p: SIMD2<Double>) -> SIMD2<Float> in
            let q = figure.viewport.framePoint(p)
            return SIMD2(Float(q.x), Float(q.y))
        }
        /// The largest obstacle centred at `p`.
        let radius = { (p: SIMD2<Float>) -> Float in
            obstacles.discs.filter { (($0.center - p) * ($0.center - p)).sum() < 1e-4 }.map(\.radius).max() ?? 0
        }
        let points = path.points.map(framePoint)
        for p in points { #expect(radius(p) >= (Float(path.markerRadius) + PathStroke.haloWidth) * s, "a marked point at \(p)") }
        for p in [points[0], points[2]] { #expect(radius(p) >= (LandscapeFigure.endMarkerRadius + 1.25) * s, "an end at \(p)") }
        #expect(!figure.visibleMinima.isEmpty)
        for minimum in figure.visibleMinima {
            #expect(radius(framePoint(minimum.point)) >= MinimumMarker.reach * s, "the minimum at \(minimum.point)")
        }
    }

    @Test func theDistanceFromABoxToASegment() {
        let box = PixelRectF(x0: 0, y0: 0, x1: 10, y1: 10)
        #expect(box.distance(toSegment: SIMD2(-5, 5), SIMD2(15, 5)) == 0, "through it")
        #expect(abs(box.distance(toSegment: SIMD2(13, -20), SIMD2(13, 30)) - 3) < 1e-6, "beside it")
        #expect(abs(box.distance(toSegment: SIMD2(13, 14), SIMD2(20, 20)) - 5) < 1e-6, "off a corner")
        #expect(abs(box.distance(toSegment: SIMD2(12, 16), SIMD2(16, 12)) - distance(SIMD2(10, 10), SIMD2(12, 16), SIMD2(16, 12))) < 1e-5)
        let index = SegmentIndex([[SIMD2(100, 100), SIMD2(200, 100)]], cell: 32)
        #expect(index.comesWithin(5, of: PixelRectF(x0: 150, y0: 104, x1: 160, y1: 110)))
        #expect(!index.comesWithin(5, of: PixelRectF(x0: 150, y0: 106, x1: 160, y1: 110)))
    }
}
