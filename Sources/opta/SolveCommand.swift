import ArgumentParser
import Foundation
import OptaCore
import OptaImage

/// `opta solve`: runs a scenario's solvers headless and reports where they ended.
struct SolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "solve",
        abstract: "Run a scenario's solvers without drawing and print where each one ended.",
        discussion: """
            Each solver runs its step budget ("steps" in the scenario), or --steps more steps. A checkpoint \
            holds every solver's full state (moments, random generator, simplex, ...): a run resumed from it \
            continues exactly as if it had never stopped.

            With --json, prints one JSON array of objects with the keys id, method, point ([x, y]), f, \
            gradNorm, steps and status (running, converged, stopped, diverged).

            Examples:
              opta solve Examples/solvers.json
              opta solve Examples/solvers.json --steps 100 --checkpoint half.json
              opta solve Examples/solvers.json --resume half.json --steps 100 --json
              opta solve Examples/solvers.json --label lr-sweep --store study.sqlite
            """
    )

    @Argument(help: "A scenario JSON file with \"solvers\". Default: the built-in R1 scene (Adam on Rosenbrock).")
    var scenario: String?

    @Option(help: "Steps to take (default: each solver's budget from the scenario).")
    var steps: Int?

    @Option(help: "Save every solver's full state here when done (JSON).")
    var checkpoint: String?

    @Option(help: "Continue from a checkpoint written by --checkpoint.")
    var resume: String?

    @Flag(help: "Print a JSON array instead of a table.")
    var json = false

    // Run store (docs/runs.md): every run is recorded unless --no-record.
    @OptionGroup var storeOptions: StoreOptions

    @Option(help: "A label recorded with the runs (find them with `opta runs list --label`).")
    var label: String?

    func validate() throws {
        if let steps, steps < 0 { throw ValidationError("--steps must be 0 or more, got \(steps)") }
    }

    func run() throws {
        try reportingFailures {
            if let checkpoint {
                do { try PNGWriter.checkDestination(checkpoint) } catch { throw CommandFailure.usage("--checkpoint \(error)") }
            }
            let scenario = try ScenarioInput.load(self.scenario)
            guard !scenario.solvers.isEmpty else {
                throw CommandFailure.badData("\(self.scenario ?? "the scenario") has no solvers; add \"solvers\": [{\"method\": \"adam\", \"start\": [x, y]}]")
            }
            var runs: [SolverRun]
            if let resume {
                runs = try loadCheckpoint(resume, scenario: scenario)
            } else {
                do { runs = try HeadlessSession.makeRuns(scenario) } catch { throw CommandFailure.badData("\(error)") }
            }
            let recorder = storeOptions.recorder()
            RecordedSolve.run(&runs, steps: steps, scenario: scenario, identity: ScenarioSource.identity(self.scenario),
                              label: label, recorder: recorder)
            recorder?.close()
            if let checkpoint {
                do {
                    let data = try SessionCheckpoint(runs: runs).encoded()
                    try AtomicFile.write([UInt8](data), to: checkpoint)
                } catch {
                    throw CommandFailure.failure("cannot write the checkpoint \(checkpoint): \(error)")
                }
            }
            print(json ? SolveReport.json(runs) : SolveReport.table(runs))
        }
    }

    private func loadCheckpoint(_ path: String, scenario: Scenario) throws -> [SolverRun] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure.usage("--resume \(path) does not exist or cannot be read")
        }
        let saved: SessionCheckpoint
        do { saved = try SessionCheckpoint.decode(data) } catch {
            throw CommandFailure.badData("\(path) is not an Opta checkpoint: \(error)")
        }
        let ids = scenario.solvers.map(\.id)
        guard saved.runs.map(\.id) == ids else {
            throw CommandFailure.badData("\(path) holds the solvers \(saved.runs.map(\.id)), the scenario has \(ids); resume with the scenario it was saved from")
        }
        return saved.runs
    }
}

/// The results of `opta solve` as a table or as JSON.
enum SolveReport {
    static func json(_ runs: [SolverRun]) -> String {
        func number(_ v: Double) -> String { v.isFinite ? "\(v)" : "null" }
        let objects = runs.map { run in
            let f = run.values.last ?? .nan, g = run.gradientNorms.last ?? .nan
            return "{\"id\": \(JSONText.quoted(run.id)), \"method\": \"\(run.method.rawValue)\", \"point\": [\(number(run.point.x)), \(number(run.point.y))], "
                + "\"f\": \(number(f)), \"gradNorm\": \(number(g)), \"steps\": \(run.stepCount), \"status\": \"\(run.status.rawValue)\"}"
        }
        return "[" + objects.joined(separator: ",\n ") + "]"
    }

    static func table(_ runs: [SolverRun]) -> String {
        runs.map { run in
            let f = run.values.last ?? .nan, g = run.gradientNorms.last ?? .nan
            return "\(run.id) (\(run.method.rawValue)): \(run.status.rawValue) after \(run.stepCount) steps at ("
                + String(format: "%.6g, %.6g", run.point.x, run.point.y) + "), f = " + String(format: "%.6g", f)
                + ", ‖∇f‖ = " + String(format: "%.3g", g)
        }.joined(separator: "\n")
    }
}
