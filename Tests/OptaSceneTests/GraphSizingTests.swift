import Foundation
import OptaCore
import OptaRaster
@testable import OptaScene
import OptaText
import Testing

/// A graph's nodes and legend keep their proportions at every frame size: fitted nodes shrink as
/// far as needed for none to touch another, and the group legend's gaps grow with its text.
@Suite struct GraphSizingTests {
    let fonts: FontLibrary
    init() throws { fonts = try FontLibrary.loadDefault() }

    /// The example's figure at `width × height`, and the state its layout settles in.
    func figure(_ name: String, width: Int, height: Int) throws -> (GraphFigure, RenderState) {
        var scenario = try ScenarioLoader.load(path: GoldenSceneTests.root.appendingPathComponent("Examples/\(name).json").path)
        scenario.width = width; scenario.height = height
        var session = try HeadlessSession(scenario: scenario)
        session.runToCompletion()
        return (GraphFigure(scenario: scenario, width: width, height: height, fonts: fonts), session.renderState)
    }

    @Test(arguments: ["supply-chain", "state-machine", "graph-from-csv"], [(320, 240), (640, 360), (1280, 720), (3840, 2160)])
    func nodeDisksNeverOverlap(name: String, size: (Int, Int)) throws {
        let (figure, state) = try figure(name, width: size.0, height: size.1)
        let g = figure.geometry(state)
        #expect(g.centers.count > 1)
        for i in g.centers.indices {
            for j in g.centers.indices where j > i {
                let d = g.centers[j] - g.centers[i]
                let distance = (d * d).sum().squareRoot()
                // Each disk reaches its radius plus half its outline.
                #expect(distance >= g.radii[i] + g.radii[j] + g.outlineWidth,
                        "\(name) at \(size): nodes \(i) and \(j) overlap (\(distance) px apart, radii \(g.radii[i]), \(g.radii[j]))")
            }
        }
    }

    /// Nodes keep their full size where they have room (the 1280×720 supply chain is unchanged).
    @Test func roomyFramesKeepTheStyleSize() throws {
        let (figure, state) = try figure("supply-chain", width: 1280, height: 720)
        let g = figure.geometry(state)
        #expect(abs((g.radii.max() ?? 0) - 7 * (0.7 + 1.3)) < 1e-4)
        #expect(g.outlineWidth == 1.5)
    }

    @Test func shrinkIsTheLargestThatKeepsTheGap() {
        let centers: [SIMD2<Float>] = [SIMD2(0, 0), SIMD2(20, 0), SIMD2(100, 0)]
        let factor = NodeSpacing.shrink(centers: centers, radii: [10, 10, 10], outlineWidth: 2)
        #expect(abs(factor - (20 - NodeSpacing.gap) / 22) < 1e-6)
        #expect(NodeSpacing.shrink(centers: centers, radii: [5, 5, 5], outlineWidth: 2) == 1)
        #expect(NodeSpacing.shrink(centers: [SIMD2(3, 3), SIMD2(3, 3)], radii: [4, 4], outlineWidth: 1) == NodeSpacing.smallest)
    }

    /// The group legend's swatches, in order: their centre x and radius and outline width, and the
    /// left edge of each name's mask.
    func legend(width: Int, height: Int) throws -> (disks: [(x: Float, r: Float, outline: Float)], names: [Int]) {
        let (figure, _) = try figure("supply-chain", width: width, height: height)
        var list = DrawList()
        figure.addLegend(&list)
        var disks: [(Float, Float, Float)] = [], names: [Int] = []
        for item in list.items {
            switch item {
            case .disk(let c, let r, _, let w, _): disks.append((c.x, r, w))
            case .mask(let x, _, _, _, _, _): names.append(x)
            default: break
            }
        }
        return (disks, names)
    }

    @Test func legendSpacingGrowsWithTheText() throws {
        let hd = try legend(width: 1920, height: 1080), uhd = try legend(width: 3840, height: 2160)
        #expect(hd.disks.count == 3 && uhd.disks.count == 3 && hd.names.count == 3 && uhd.names.count == 3)
        for k in 0..<3 {
            #expect(uhd.disks[k].r == 2 * hd.disks[k].r)
            #expect(uhd.disks[k].outline == 2 * hd.disks[k].outline)
            // Swatch rim to name: twice as far (within the pixel the mask's origin is rounded to).
            let gapHD = Float(hd.names[k]) - (hd.disks[k].x + hd.disks[k].r)
            let gapUHD = Float(uhd.names[k]) - (uhd.disks[k].x + uhd.disks[k].r)
            #expect(abs(gapUHD - 2 * gapHD) <= 1.5, "entry \(k): \(gapUHD) px at 4K vs \(gapHD) px at 1080 p")
        }
        // Entry to entry: each step twice as long (names measure twice as wide at twice the size).
        for k in 1..<3 {
            let stepHD = hd.disks[k].x - hd.disks[k - 1].x, stepUHD = uhd.disks[k].x - uhd.disks[k - 1].x
            #expect(abs(stepUHD - 2 * stepHD) <= 3, "step \(k): \(stepUHD) vs \(stepHD)")
        }
    }
}
