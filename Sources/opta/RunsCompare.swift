import ArgumentParser
import Foundation
import OptaCore
import OptaImage
import OptaScene
import OptaStore

/// `opta runs compare`: stored runs side by side: their paths over the landscape of the first
/// run, and their convergence (f against step) in a second panel.
struct RunsCompare: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Draw stored runs side by side: paths on the landscape and a convergence panel.",
        discussion: """
            The landscape is the one the first run ran on. With --a11y, the accessibility tree also \
            compares the runs in words (which converged first, which reached the lowest f).

            Example:
              opta runs compare 12 13 14 -o cmp.png --a11y cmp.json
            """
    )

    @OptionGroup var runIDs: RunIDs
    @Option(name: [.customShort("o"), .long], help: "The PNG to write.") var output: String
    @Option(help: "Also write the accessibility tree as JSON here.") var a11y: String?
    @Option(help: "Width in pixels.") var width: Int = 1600
    @Option(help: "Height in pixels.") var height: Int = 800
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        guard (200...16384).contains(width), (150...16384).contains(height) else {
            throw ValidationError("--width must be 200 to 16384 and --height 150 to 16384")
        }
        guard runIDs.ids.count <= RunOverlays.maximum else { throw ValidationError("compare at most \(RunOverlays.maximum) runs") }
    }

    func run() throws {
        try reportingFailures {
            for (flag, path) in [("-o", Optional(output)), ("--a11y", a11y)] {
                if let path { do { try PNGWriter.checkDestination(path) } catch { throw CommandFailure.usage("\(flag) \(error)") } }
            }
            let store = try storeOptions.openForReading()
            var runs: [StoredRun] = []
            for id in runIDs.ids {
                let run: StoredRun?
                do { run = try store.run(id) } catch { throw CommandFailure.failure("\(error)") }
                guard let run else { throw CommandFailure.usage("there is no run \(id) in \(store.path); see `opta runs list`") }
                runs.append(run)
            }
            let scenario = try Self.scenario(for: runs, width: width, height: height)
            let session: HeadlessSession
            do { session = try HeadlessSession(scenario: scenario) } catch { throw CommandFailure.badData("\(error)") }
            let figures = SessionFigures(scenario: scenario, fonts: try ScenarioInput.fonts())
            let figure = figures.figure(for: session.renderState)
            let frame = figure.render(session.renderState, threads: FrameOptions.availableCores)
            do { try PNGWriter.write(frame.image, to: output) } catch { throw CommandFailure.failure("cannot write \(error)") }
            print("wrote \(output) (\(runs.count) runs)")
            print(RunComparison.sentence(runs.map(RunOverlays.recorded)))
            if let a11y {
                let tree = figure.accessibilityTree(for: session.renderState)
                do { try AtomicFile.write([UInt8](try tree.jsonData()), to: a11y) } catch {
                    throw CommandFailure.failure("cannot write \(error)")
                }
                print("wrote \(a11y)")
            }
        }
    }

    /// The landscape of the first run (its scenario without solvers, paths and panels), the runs
    /// overlaid, a landscape panel beside a convergence panel.
    static func scenario(for runs: [StoredRun], width: Int, height: Int) throws -> Scenario {
        guard var value = try? JSONValue.parse(Data(runs[0].scenarioJSON.utf8), source: "stored scenario"),
              case .object(var fields) = value else {
            throw CommandFailure.badData("run \(runs[0].summary.id) has no readable scenario")
        }
        for key in ["solvers", "paths", "pathsFile", "panels", "runs", "view", "surface", "camera", "size"] { fields[key] = nil }
        value = .object(fields)
        var scenario: Scenario
        do { scenario = try ScenarioLoader.parse(Data(ScenarioIdentity.canonical(value).utf8), source: "stored scenario") } catch {
            throw CommandFailure.badData("run \(runs[0].summary.id)'s scenario: \(error)")
        }
        let others = Set(runs.map(\.summary.landscape)).subtracting([runs[0].summary.landscape])
        if !others.isEmpty {
            StoreWarning.say("the runs ran on different landscapes; drawn on \(runs[0].summary.landscape)")
        }
        scenario.width = width
        scenario.height = height
        scenario.title = "Runs " + runs.map { "#\($0.summary.id)" }.joined(separator: ", ")
        scenario.recordedRuns = runs.map(RunOverlays.recorded)
        scenario.panels = [PanelSpec(kind: .landscape, weight: 1.2), PanelSpec(kind: .convergence)]
        return scenario
    }
}
