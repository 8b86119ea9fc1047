import Foundation
import OptaCore
import OptaRaster
@testable import OptaScene
import OptaText
import Shaders
import Testing

/// Every path pixel stands out at least 3:1 (WCAG contrast ratio) from the pixels just outside
/// its stroke, on every built-in colormap, in every palette colour.
@Suite struct PathContrastTests {
    let fonts: FontLibrary
    init() throws { fonts = try FontLibrary.loadDefault() }

    /// WCAG relative luminance of an opaque frame pixel.
    func luminance(_ pixel: UInt32) -> Double {
        func linear(_ byte: UInt32) -> Double {
            let v = Double(byte) / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(pixel & 0xFF) + 0.7152 * linear((pixel >> 8) & 0xFF) + 0.0722 * linear((pixel >> 16) & 0xFF)
    }

    func contrast(_ a: UInt32, _ b: UInt32) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    @Test(arguments: Colormap.allCases) func pathsStandOutOnEveryColormap(colormap: Colormap) throws {
        // f = x runs the whole colormap from the left edge of the plot to the right.
        let json = #"{"version": 1, "landscape": {"expression": "x", "domain": {"x": [0, 1], "y": [0, 1]}, "scale": "linear", "colormap": "\#(colormap.rawValue)", "contours": false, "minima": false}, "axes": {"legend": false, "colorbar": false}}"#
        let figure = LandscapeFigure(scenario: try ScenarioLoader.parse(Data(json.utf8)), width: 700, height: 720, fonts: fonts)
        let plot = figure.layout.plot
        // One horizontal path per palette colour and width, centred on a pixel row, 24 px apart.
        var paths: [(spec: PathSpec, row: Int)] = []
        var row = plot.y0 + 16
        for width in [1.0, 1.5, 2.5] {
            for (index, color) in Palette.okabeIto.enumerated() {
                let y = figure.viewport.domainPoint(SIMD2(Double(plot.x0), Double(row) + 0.5)).y
                let spec = PathSpec(name: "p\(index)", points: [SIMD2(-0.1, y), SIMD2(1.1, y)],
                                    color: try SceneColor.validated([Double(color.r), Double(color.g), Double(color.b)], path: "color"),
                                    width: width, markers: false)
                paths.append((spec, row))
                row += 24
            }
        }
        #expect(row < plot.y1, "every path fits the plot")
        var frame = Framebuffer(width: figure.width, height: figure.height)
        var context = RenderContext()
        FrameRenderer.render(shader: figure.shader(legend: nil), overlay: figure.drawList(paths: paths.map(\.spec)), into: &frame,
                             context: &context, threads: 2)
        var lowest = Double.infinity
        for (spec, row) in paths {
            let c = try #require(spec.color)
            let want = SIMD3(Int((c.red * 255).rounded()), Int((c.green * 255).rounded()), Int((c.blue * 255).rounded()))
            // The first rows wholly outside the stroke, above and below.
            let outside = Int((spec.width / 2 + 0.5).rounded(.up))
            for x in (plot.x0 + 2)..<(plot.x1 - 2) {
                let pixel = frame[x, row]
                let got = SIMD3(Int(pixel & 0xFF), Int((pixel >> 8) & 0xFF), Int((pixel >> 16) & 0xFF))
                #expect(abs(got.x - want.x) <= 2 && abs(got.y - want.y) <= 2 && abs(got.z - want.z) <= 2,
                        "\(colormap) width \(spec.width): the path's pixel at x \(x) is its colour \(want), got \(got)")
                for neighbour in [frame[x, row - outside], frame[x, row + outside]] {
                    let ratio = contrast(pixel, neighbour)
                    lowest = min(lowest, ratio)
                    if ratio < 3 {
                        Issue.record("\(colormap), \(spec.name) width \(spec.width) at x \(x): contrast \(ratio) < 3")
                        return
                    }
                }
            }
        }
        #expect(lowest >= 3, "\(colormap): lowest contrast \(lowest)")
    }

    @Test func outlinesContrastWithEveryColour() {
        var colors = Palette.okabeIto
        for r in stride(from: Float(0), through: 1, by: 0.25) {
            for g in stride(from: Float(0), through: 1, by: 0.25) {
                for b in stride(from: Float(0), through: 1, by: 0.25) { colors.append(RGBA(r, g, b)) }
            }
        }
        for color in colors {
            let outline = PathStroke.outline(for: color)
            #expect(PathStroke.contrast(color, outline) >= PathStroke.outlineContrast - 1e-3, "\(color) → \(outline)")
        }
        // Light colours get a darker outline, dark ones a lighter one.
        #expect(PathStroke.luminance(PathStroke.outline(for: RGBA(0.941, 0.894, 0.259))) < PathStroke.luminance(RGBA(0.941, 0.894, 0.259)))
        #expect(PathStroke.luminance(PathStroke.outline(for: RGBA(0, 0.447, 0.698))) > PathStroke.luminance(RGBA(0, 0.447, 0.698)))
    }
}
