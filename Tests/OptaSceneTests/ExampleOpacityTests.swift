import Foundation
import OptaCore
@testable import OptaRaster
import OptaScene
import OptaText
import Testing

/// Every example's frame is opaque in every pixel, at a thumbnail's size, a screen's and 4K: no
/// figure leaves a strip its plan does not paint (a panel's gap, a legend's margin), which a PNG
/// would show as transparent and a caller's array as whatever it held. The plan says so too.
@Suite struct ExampleOpacityTests {
    static let examples = (try? FileManager.default.contentsOfDirectory(
        atPath: GoldenSceneTests.root.appendingPathComponent("Examples").path))?
        .filter { $0.hasSuffix(".json") }.sorted() ?? []

    @Test func thereAreExamples() { #expect(Self.examples.count >= 10) }

    @Test(arguments: examples)
    func everyPixelOfAnExampleIsOpaque(file: String) throws {
        let scenario = try ScenarioLoader.load(path: GoldenSceneTests.root.appendingPathComponent("Examples/\(file)").path)
        var session = try HeadlessSession(scenario: scenario)
        session.runToCompletion()
        let state = session.renderState
        let figures = SessionFigures(scenario: scenario, fonts: try FontLibrary.loadDefault())
        for (width, height) in [(320, 240), (1280, 720), (3840, 2160)] {
            let figure = figures.figure(for: state, width: width, height: height)
            let frame = figure.render(state, threads: 2)
            let clear = frame.pixels.indices.filter { frame.pixels[$0] >> 24 != 255 }
            let count = clear.count, first = clear.first.map { "(\($0 % width), \($0 / width))" } ?? "-"
            #expect(count == 0, "\(file) at \(width)×\(height): \(count) pixels not opaque, the first at \(first)")
            let opaque = figure.plan(state, overlay: DrawList()).isOpaque(width: width, height: height)
            #expect(opaque, "\(file) at \(width)×\(height): the plan is not opaque")
        }
    }
}
