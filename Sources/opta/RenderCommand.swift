import ArgumentParser
import Foundation
import OptaImage
import OptaScene

/// `opta render`: draws a scenario (or the default scene) into a PNG file.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scenario to a PNG file.",
        discussion: """
            Without SCENARIO, renders the built-in default scene: the Rosenbrock valley on a log colour
            scale with contours and Adam's path (reference scene R1). The PNG is written atomically:
            a failed or interrupted render never leaves a partial file.

            Examples:
              opta render --output rosenbrock.png
              opta render Examples/himmelblau.json --output himmelblau.png --width 1280 --height 720
              opta render --expression "sin(3*x)*cos(2*y) + 0.1*(x^2+y^2)" --domain -3,3,-2,2 -o mine.png
              opta render --function rastrigin --scale linear --colormap cividis -o rastrigin.png
            """
    )

    @Argument(help: "A scenario JSON file (see docs/scenario.md). Default: the built-in R1 scene.")
    var scenario: String?

    @Option(name: .shortAndLong, help: "Where to write the PNG; its folder must exist.")
    var output: String

    @OptionGroup(title: "Landscape (instead of, or on top of, a scenario file)") var landscape: LandscapeOptions

    @OptionGroup var frame: FrameOptions

    @Option(help: "PNG compression: fast (default) or small.")
    var compression: PNGCompression = .fast

    func run() throws {
        try reportingFailures {
            do { try PNGWriter.checkDestination(output) } catch {
                throw CommandFailure.usage("--output \(error)")
            }
            var scenario = landscape.isEmpty
                ? try ScenarioInput.load(self.scenario)
                : try landscape.apply(to: self.scenario.map { try ScenarioInput.load($0) })
            scenario.width = frame.width ?? scenario.width
            scenario.height = frame.height ?? scenario.height
            let fonts = try ScenarioInput.fonts()
            let clock = ContinuousClock()
            let start = clock.now
            let figure = LandscapeFigure(scenario: scenario, width: scenario.width, height: scenario.height, fonts: fonts)
            let framebuffer = FrameRenderer.render(figure, threads: frame.threadCount)
            let rendered = clock.now - start
            let image = RGBAImage(width: framebuffer.width, height: framebuffer.height, bytes: framebuffer.straightRGBA())
            do { try PNGWriter.write(image, to: output, compression: compression) } catch {
                throw CommandFailure.failure("cannot write \(error)")
            }
            print("wrote \(output) (\(framebuffer.width)×\(framebuffer.height), rendered in \(Milliseconds.format(rendered)))")
        }
    }
}

extension PNGCompression: ExpressibleByArgument {}

/// Formatting of durations for reports.
enum Milliseconds {
    static func of(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    }

    static func format(_ d: Duration) -> String { String(format: "%.2f ms", of(d)) }
}
