import ArgumentParser
import Foundation
import OptaCore
import OptaStore

/// `opta runs`: the runs kept in the run store: list, show, export, delete, tag and compare them.
struct RunsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "runs",
        abstract: "List, show, export, tag, delete and compare the runs Opta recorded.",
        discussion: """
            `opta solve` and `opta view` record every solver run in the run store (see docs/runs.md).

            Examples:
              opta runs list --method adam
              opta runs show 12
              opta runs export 12 13 --csv > runs.csv
              opta runs tag 12 baseline
              opta runs compare 12 13 14 -o cmp.png
            """,
        subcommands: [RunsList.self, RunsShow.self, RunsExport.self, RunsRemove.self, RunsTag.self, RunsCompare.self]
    )
}

/// Run ids on the command line: whole numbers 1 or more.
struct RunIDs: ParsableArguments {
    @Argument(help: "Run ids (see `opta runs list`).")
    var ids: [Int64] = []

    func validate() throws {
        guard !ids.isEmpty else { throw ValidationError("give at least one run id (see `opta runs list`)") }
        if let bad = ids.first(where: { $0 < 1 }) { throw ValidationError("run ids are 1 or more, got \(bad)") }
    }
}

/// `opta runs list`.
struct RunsList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List stored runs, newest first.")

    @Option(help: "Only runs on this landscape: a function name (rosenbrock), a formula, or a full identity (function:rosenbrock).")
    var landscape: String?
    @Option(help: "Only runs of this method (adam, lbfgs, ...).")
    var method: String?
    @Option(help: "Only runs with this label or tag.")
    var label: String?
    @Option(help: "Only runs with this status (converged, stopped, diverged, interrupted, recording).")
    var status: String?
    @Option(help: "At most this many runs.")
    var limit: Int?
    @Flag(help: "Print a JSON array instead of a table.")
    var json = false
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more, got \(limit)") }
    }

    func run() throws {
        try reportingFailures {
            let store = try storeOptions.openForReading()
            let runs: [RunSummary]
            do {
                runs = try store.list(RunFilter(landscape: landscape, method: method, label: label, status: status, limit: limit),
                                      parameters: json)
            } catch { throw CommandFailure.failure("\(error)") }
            print(json ? RunsText.json(runs) : RunsText.table(runs))
        }
    }
}

/// `opta runs show`.
struct RunsShow: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one run: its settings, how it ended, first and last iterates.")
    @Argument(help: "The run id.") var id: Int64
    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        try reportingFailures {
            let store = try storeOptions.openForReading()
            let run: StoredRun?
            do { run = try store.run(id) } catch { throw CommandFailure.failure("\(error)") }
            guard let run else { throw CommandFailure.usage("there is no run \(id) in \(store.path); see `opta runs list`") }
            print(RunsText.details(run))
        }
    }
}

/// `opta runs export`.
struct RunsExport: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Print runs' iterates as CSV or JSON Lines.")
    @OptionGroup var runIDs: RunIDs
    @Flag(help: "CSV: run,step,x,y,f,gradNorm (the default).") var csv = false
    @Flag(help: "JSON Lines: one object per iterate.") var jsonl = false
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if csv && jsonl { throw ValidationError("give --csv or --jsonl, not both") }
    }

    func run() throws {
        try reportingFailures {
            let store = try storeOptions.openForReading()
            var out = jsonl ? "" : "run,step,x,y,f,gradNorm\n"
            for id in runIDs.ids {
                let run: StoredRun?
                do { run = try store.run(id) } catch { throw CommandFailure.failure("\(error)") }
                guard let run else { throw CommandFailure.usage("there is no run \(id) in \(store.path); see `opta runs list`") }
                out += jsonl ? RunsText.jsonLines(run) : RunsText.csv(run)
            }
            FileHandle.standardOutput.write(Data(out.utf8))
        }
    }
}

/// `opta runs rm`.
struct RunsRemove: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete runs and their iterates.")
    @OptionGroup var runIDs: RunIDs
    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        try reportingFailures {
            let store = try storeOptions.openForReading()
            let missing: [Int64]
            do { missing = try store.delete(runIDs.ids) } catch { throw CommandFailure.failure("\(error)") }
            let removed = runIDs.ids.filter { !missing.contains($0) }
            if !removed.isEmpty { print("deleted \(removed.count == 1 ? "run" : "runs") \(removed.map(String.init).joined(separator: ", "))") }
            if !missing.isEmpty {
                throw CommandFailure.usage("there is no run \(missing.map(String.init).joined(separator: ", ")) in \(store.path)")
            }
        }
    }
}

/// `opta runs tag`.
struct RunsTag: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tag", abstract: "Tag a run with a label (select it with --label or {\"label\": …}).")
    @Argument(help: "The run id.") var id: Int64
    @Argument(help: "The label.") var label: String
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if label.trimmingCharacters(in: .whitespaces).isEmpty || label.contains(",") {
            throw ValidationError("the label must not be empty or contain commas, got \"\(label)\"")
        }
    }

    func run() throws {
        try reportingFailures {
            let store = try storeOptions.openForReading()
            let found: Bool
            do { found = try store.tag(id, label) } catch { throw CommandFailure.failure("\(error)") }
            guard found else { throw CommandFailure.usage("there is no run \(id) in \(store.path); see `opta runs list`") }
            print("tagged run \(id) \(label)")
        }
    }
}
