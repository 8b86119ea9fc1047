import ArgumentParser
import Foundation
import OptaCore
import OptaImage
import OptaSupport

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

    @Option(parsing: .unconditional, help: "Steps to take (default: each solver's budget from the scenario).")
    var steps: Int?

    @Option(help: "Save every solver's full state here when done (JSON).")
    var checkpoint: String?

    @Option(help: "Continue from a checkpoint written by --checkpoint.")
    var resume: String?

    /// The most steps one `opta solve` may add to each solver (docs/limits.md).
    static let maxSteps = 1_000_000_000

    @Flag(help: "Print a JSON array instead of a table.")
    var json = false

    // Run store (docs/runs.md): every run is recorded unless --no-record.
    @OptionGroup var storeOptions: StoreOptions

    @Option(help: "A label recorded with the runs (find them with `opta runs list --label`).")
    var label: String?

    func validate() throws {
        if let steps, !(0...SolveCommand.maxSteps).contains(steps) {
            throw ValidationError("--steps must be from 0 to \(SolveCommand.maxSteps) (see docs/limits.md), got \(steps)")
        }
    }

    func run() throws {
        try reportingFailures {
            let status = try StatusOutput(outputs: [("--checkpoint", checkpoint)])
            if let checkpoint {
                do { try PNGWriter.checkDestination(checkpoint, example: "checkpoint.json") } catch { throw CommandFailure.usage("--checkpoint \(error)") }
            }
            let scenario = try ScenarioInput.load(self.scenario, store: storeOptions.path)
            let identity = ScenarioSource.identity(self.scenario)
            let store = storeOptions.openForRecording()
            let logged = store.map { LoggedPathRecording.record(scenarioPath: self.scenario, scenario: scenario, identity: identity, store: $0) } ?? []
            for note in logged { FileHandle.standardError.write(Data("opta: note: \(note)\n".utf8)) }
            guard !scenario.solvers.isEmpty else {
                // A scenario of logged paths only: recording them was the whole job.
                if !logged.isEmpty { return status.say(json ? "[]" : "no solvers; \(logged.count) logged paths recorded") }
                throw CommandFailure.badData("\(self.scenario ?? "the scenario") has no solvers; add \"solvers\": [{\"method\": \"adam\", \"start\": [x, y]}]")
            }
            var runs: [SolverRun]
            if let resume {
                runs = try loadCheckpoint(resume, scenario: scenario)
            } else {
                do { runs = try HeadlessSession.makeRuns(scenario) } catch { throw CommandFailure.badData("\(error)") }
            }
            // How many steps each run takes: --steps, or (resumed) on to the scenario's budget, or the rest of its budget.
            var plan: [Int] = []
            for i in runs.indices {
                if let steps {
                    plan.append(steps)
                } else if resume != nil {
                    let budget = i < scenario.solvers.count ? scenario.solvers[i].steps : runs[i].stepCount
                    let remaining = budget - runs[i].stepCount
                    let canGoOn = runs[i].status == .running || runs[i].status == .stopped
                    if canGoOn && remaining <= 0 {
                        FileHandle.standardError.write(Data("opta: note: \(runs[i].id) has taken \(runs[i].stepCount) steps, the scenario's budget of \(budget); add --steps N to go on\n".utf8))
                    }
                    plan.append(canGoOn ? max(0, remaining) : 0)
                } else {
                    plan.append(max(0, runs[i].rules.maxSteps - runs[i].stepCount))
                }
            }
            let recorder = store.map(StoreOptions.recorder)
            // Long solves show a bar on a terminal (after a second; nothing in files and pipes).
            let progress = ProgressReporter(total: plan.reduce(0, +), label: "steps",
                                            mode: .terminalOnly(after: ProgressReporter.terminalDelay))
            RecordedSolve.run(&runs, steps: plan, extendingBudgets: steps != nil || resume != nil, scenario: scenario,
                              identity: identity, label: label, recorder: recorder,
                              progress: { progress.set(done: $0, detail: "solving") })
            progress.end()
            recorder?.close()
            if let checkpoint {
                do {
                    let data = try SessionCheckpoint(runs: runs).encoded()
                    try AtomicFile.write([UInt8](data), to: checkpoint)
                } catch {
                    throw CommandFailure.failure("--checkpoint: cannot write \(error)")
                }
            }
            status.say(json ? SolveReport.json(runs, on: scenario.landscape.objective) : SolveReport.table(runs, on: scenario.landscape.objective))
        }
    }

    private func loadCheckpoint(_ path: String, scenario: Scenario) throws -> [SolverRun] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure.usage("--resume \(path) does not exist or cannot be read")
        }
        let saved: SessionCheckpoint
        do { saved = try CheckpointValidation.load(data, source: path) } catch {
            throw CommandFailure.badData(error.path == path ? "\(error)" : "--resume \(path): \(error)")
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
    /// f and ‖∇f‖ where the run stands: its last recorded values, or evaluated at its point when it
    /// has taken no step yet (`--steps 0`).
    static func current(_ run: SolverRun, on objective: Objective) -> (f: Double, gradNorm: Double) {
        if let f = run.values.last, let g = run.gradientNorms.last { return (f, g) }
        let g = objective.gradient(run.point)
        return (objective.value(run.point), (g * g).sum().squareRoot())
    }

    static func json(_ runs: [SolverRun], on objective: Objective) -> String {
        func number(_ v: Double) -> String { v.isFinite ? "\(v)" : "null" }
        let objects = runs.map { run in
            let (f, g) = current(run, on: objective)
            return "{\"id\": \(JSONText.quoted(run.id)), \"method\": \"\(run.method.rawValue)\", \"point\": [\(number(run.point.x)), \(number(run.point.y))], "
                + "\"f\": \(number(f)), \"gradNorm\": \(number(g)), \"steps\": \(run.stepCount), \"status\": \"\(run.status.rawValue)\"}"
        }
        return "[" + objects.joined(separator: ",\n ") + "]"
    }

    static func table(_ runs: [SolverRun], on objective: Objective) -> String {
        runs.map { run in
            let (f, g) = current(run, on: objective)
            return "\(run.id) (\(run.method.rawValue)): \(run.status.rawValue) after \(run.stepCount) steps at ("
                + String(format: "%.6g, %.6g", run.point.x, run.point.y) + "), f = " + String(format: "%.6g", f)
                + ", ‖∇f‖ = " + String(format: "%.3g", g)
        }.joined(separator: "\n")
    }
}
