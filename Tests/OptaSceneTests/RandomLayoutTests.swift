import Foundation
import OptaCore
import OptaRaster
@testable import OptaScene
import OptaText
import Testing

/// 200 random scenarios (seeded): frames from 320×240 to 3840×2160, random domains and titles,
/// 0–50 paths, 2D and 3D, laid out without drawing. No text box overlaps another or leaves the
/// frame, the 3D box is inside the frame, and the legend covers no more data than the best
/// corner would (weighed here independently of the placer). `OPTA_LAYOUT_SCENARIOS=3000` runs
/// more of them.
@Suite struct RandomLayoutTests {
    let fonts: FontLibrary
    init() throws { fonts = try FontLibrary.loadDefault() }

    /// SplitMix64: the same scenarios on every machine.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
        mutating func chance(_ p: Double) -> Bool { unit() < p }
        mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
    }

    static let functions = ["rosenbrock", "himmelblau", "rastrigin", "ackley", "booth", "matyas", "six-hump-camel",
                            "styblinski-tang", "beale", "levi13", "goldstein-price"]
    static let words = ["Adam", "SGD", "momentum", "lr=0.01", "run", "L-BFGS", "a rather long descriptive name", "β₁ = 0.9",
                        "seed 7", "Nelder–Mead", "warm restart"]

    func text(_ r: inout Random, words: Int) -> String {
        (0..<words).map { _ in r.pick(Self.words) }.joined(separator: " ")
    }

    /// Scenario `index` as JSON, with its frame size.
    func scenario(_ index: Int) -> (json: String, width: Int, height: Int, threeD: Bool) {
        var r = Random(state: UInt64(index) &* 7919 &+ 17)
        let width = r.int(320...3840), height = r.int(240...2160)
        let threeD = r.chance(0.3)
        // Domains from a ten-thousandth to thousands wide, near 0 or far from it.
        let center = SIMD2(r.pick([0.0, 1.0, -3.0, 1000.0, 1e6]) * (r.chance(0.5) ? 1 : -1) + r.unit(),
                           r.pick([0.0, 2.0, -50.0, 1e5]) + r.unit())
        let span = SIMD2(pow(10, r.unit() * 7 - 4), pow(10, r.unit() * 7 - 4))
        let lo = center - span / 2, hi = center + span / 2
        let landscape = r.chance(0.25) ? #""expression": "sin(x*\#(1 / span.x)) + y*\#(1 / span.y)""# : #""function": "\#(r.pick(Self.functions))""#
        let pathCount = r.chance(0.4) ? r.int(0...3) : r.chance(0.67) ? r.int(4...15) : r.int(16...50)
        var paths: [String] = []
        for p in 0..<pathCount {
            var point = lo + SIMD2(r.unit(), r.unit()) * span
            var points: [String] = []
            for _ in 0..<r.int(2...40) {
                points.append("[\(point.x), \(point.y)]")
                point += SIMD2(r.unit() - 0.5, r.unit() - 0.5) * span * 0.3
            }
            let name = r.chance(0.5) ? "\(text(&r, words: r.int(1...4))) \(p)" : "path \(p)"
            paths.append(#"{"name": "\#(name)", "points": [\#(points.joined(separator: ","))], "markers": \#(r.chance(0.5))}"#)
        }
        let title = r.chance(0.2) ? "" : #""title": "\#(text(&r, words: r.int(1...9)))","#
        let json = """
            {"version": 1, \(title) "view": "\(threeD ? "3d" : "2d")",
             "landscape": {\(landscape), "domain": {"x": [\(lo.x), \(hi.x)], "y": [\(lo.y), \(hi.y)]},
                           "labels": \(r.chance(0.4)), "minima": \(r.chance(0.7))},
             \(threeD ? #""surface": {"resolution": 12},"# : "")
             "axes": {"xTitle": "\(text(&r, words: r.int(0...3)))", "yTitle": "\(text(&r, words: r.int(0...3)))",
                      "colorbar": \(r.chance(0.85))},
             "paths": [\(paths.joined(separator: ","))]}
            """
        return (json, width, height, threeD)
    }

    /// How much of the data a legend at `rect` would cover, weighed as the placer documents it:
    /// path lines by length (sampled every quarter pixel), marked points, labels, the surface's
    /// outline by area (sampled every pixel), and covered text as infinitely bad.
    static func cover(_ rect: PixelRectF, lines: [[SIMD2<Float>]], points: [(SIMD2<Float>, Float, Float)],
                      labels: [PixelRectF], areas: [[SIMD2<Float>]], text: [PixelRectF]) -> Double {
        if text.contains(where: { rect.x0 < $0.x1 && $0.x0 < rect.x1 && rect.y0 < $0.y1 && $0.y0 < rect.y1 }) { return .infinity }
        var total = 0.0
        for line in lines {
            for (a, b) in zip(line, line.dropFirst()) {
                let length = Double(((b - a) * (b - a)).sum().squareRoot())
                let n = max(1, Int((length * 4).rounded(.up)))
                for k in 0..<n {
                    let p = a + (b - a) * (Float(k) + 0.5) / Float(n)
                    if p.x >= rect.x0 && p.x <= rect.x1 && p.y >= rect.y0 && p.y <= rect.y1 { total += length / Double(n) }
                }
            }
        }
        for (c, radius, weight) in points
            where c.x >= rect.x0 - radius && c.x <= rect.x1 + radius && c.y >= rect.y0 - radius && c.y <= rect.y1 + radius {
            total += Double(weight)
        }
        total += Double(labels.filter { rect.x0 < $0.x1 && $0.x0 < rect.x1 && rect.y0 < $0.y1 && $0.y0 < rect.y1 }.count)
            * Double(LegendPlacer.labelWeight)
        for area in areas where area.count >= 3 {
            var inside = 0
            var y = rect.y0 + 0.5
            while y < rect.y1 {
                var x = rect.x0 + 0.5
                while x < rect.x1 {
                    // Even–odd rule.
                    var odd = false
                    for (a, b) in zip(area, area.dropFirst() + [area[0]]) where (a.y > y) != (b.y > y) {
                        if x < a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x) { odd.toggle() }
                    }
                    if odd { inside += 1 }
                    x += 1
                }
                y += 1
            }
            total += Double(inside) * Double(LegendPlacer.areaWeight)
        }
        return total
    }

    @Test func twoHundredRandomScenariosAreLaidOutCleanly() throws {
        var failures = 0
        let count = Int(ProcessInfo.processInfo.environment["OPTA_LAYOUT_SCENARIOS"] ?? "") ?? 200
        for index in 0..<count {
            let (json, width, height, threeD) = scenario(index)
            let scenario = try ScenarioLoader.parse(Data(json.utf8))
            let report: FigureLayoutReport
            var lines: [[SIMD2<Float>]], points: [(SIMD2<Float>, Float, Float)]
            if threeD {
                let session = try HeadlessSession(scenario: scenario)
                report = SurfaceFigure(scenario: scenario, width: width, height: height, fonts: fonts).layoutReport(for: session.renderState)
                lines = report.legendObstacles.lines
                points = report.legendObstacles.points.map { ($0.center, $0.radius, $0.weight) }
            } else {
                let figure = LandscapeFigure(scenario: scenario, width: width, height: height, fonts: fonts)
                report = figure.layoutReport(paths: scenario.paths)
                // The data, from the scenario: lines and points where they fall in the plot.
                let toFrame = { (p: SIMD2<Double>) -> SIMD2<Float> in
                    let q = figure.viewport.framePoint(p)
                    return SIMD2(Float(q.x), Float(q.y))
                }
                let plot = report.plot
                let shown = { (p: SIMD2<Float>) in p.x >= plot.x0 && p.x <= plot.x1 && p.y >= plot.y0 && p.y <= plot.y1 }
                lines = []
                points = []
                for path in scenario.paths {
                    let frame = path.points.map(toFrame)
                    // Samples outside the plot are not drawn: cut each line to the plot by sampling.
                    var piece: [SIMD2<Float>] = []
                    for (a, b) in zip(frame, frame.dropFirst()) {
                        let n = max(1, Int((((b - a) * (b - a)).sum().squareRoot() * 4).rounded(.up)))
                        for k in 0...n {
                            let p = a + (b - a) * Float(k) / Float(n)
                            if shown(p) { piece.append(p) } else if !piece.isEmpty { lines.append(piece); piece = [] }
                        }
                    }
                    if !piece.isEmpty { lines.append(piece) }
                    if path.markers { points += frame.filter(shown).map { ($0, Float(path.markerRadius), LegendPlacer.iterateWeight) } }
                    for end in [frame.first, frame.count > 1 ? frame.last : nil].compactMap({ $0 }) where shown(end) {
                        points.append((end, 7, LegendPlacer.markerWeight))
                    }
                }
                if scenario.landscape.showMinima {
                    points += figure.visibleMinima.map { (toFrame($0.point), 8, LegendPlacer.markerWeight) }
                }
            }
            let context = "scenario \(index) (\(width)×\(height), \(threeD ? "3D" : "2D"), \(scenario.paths.count) paths)"
            var problems: [String] = []
            for (i, a) in report.texts.enumerated() {
                if !report.frame.contains(a.rect) { problems.append("\"\(a.text)\" \(a.rect) leaves the frame") }
                for b in report.texts[(i + 1)...] where a.rect.overlaps(b.rect) {
                    problems.append("\"\(a.text)\" \(a.rect) overlaps \"\(b.text)\" \(b.rect)")
                }
            }
            if threeD {
                if report.boxCorners.count != 8 { problems.append("a box corner is behind the camera") }
                for corner in report.boxCorners where !report.frame.containsPoint(corner) {
                    problems.append("box corner \(corner) is outside the frame")
                }
            }
            if let legend = report.legend {
                if !report.frame.contains(legend) { problems.append("the legend \(legend) leaves the frame") }
                let others = report.texts.filter { !legend.contains($0.rect) }.map(\.rect)
                for text in others where text.overlaps(legend) { problems.append("the legend covers text at \(text)") }
                let cover = { (rect: PixelRectF) in
                    Self.cover(rect, lines: lines, points: points, labels: report.legendObstacles.labels,
                               areas: report.legendObstacles.areas, text: others)
                }
                if report.legendCorners.isEmpty {
                    if legend.overlaps(report.plot) { problems.append("the legend outside the plot overlaps it") }
                } else {
                    let chosen = cover(legend), best = report.legendCorners.map(cover).min()!
                    if chosen > best * 1.02 + 4 { problems.append("the legend covers \(chosen) of the data, the best corner \(best)") }
                }
            } else if !scenario.paths.isEmpty && report.plot.width >= 400 && report.plot.height >= 300 {
                // Only a plot too small for a legend (or one whose every corner holds a label,
                // with no room beside it) goes without.
                problems.append("no legend for \(scenario.paths.count) paths in a \(report.plot.width)×\(report.plot.height) plot")
            }
            if !problems.isEmpty {
                failures += 1
                Issue.record(Comment(rawValue: "\(context):\n  \(problems.prefix(6).joined(separator: "\n  "))\n\(json)"))
                if failures >= 8 { return }
            }
        }
    }
}
