import Foundation
import OptaSupport

/// Reads a session checkpoint (`opta solve --checkpoint`) and validates it like a scenario: a
/// hand-edited or damaged file is rejected with the JSON path of the bad field, the value, what is
/// allowed and what to do — instead of resuming into nonsense such as "f = 0.626 at (−inf, −inf)".
///
/// Syntax errors give line and column (`JSONParser`); wrong types and missing fields name their
/// path (never raw `DecodingError` text); values are checked with the solvers' own rules
/// (`AnySolverState.init(method:start:parameters:seed:)`), so the checks follow the solvers.
public enum CheckpointValidation {
    /// The largest step count a checkpoint may hold (see docs/limits.md).
    public static let maxStepCount = 1_000_000_000_000

    /// Parses and validates the checkpoint in `data`; `source` names the file in errors.
    public static func load(_ data: Data, source: String) throws(ScenarioError) -> SessionCheckpoint {
        let json = try JSONParser.parse(data, source: source)
        guard case .object = json else {
            throw ScenarioError(path: source, message: "is not an Opta checkpoint: it holds \(json.typeName), not an object with \"version\" and \"runs\"")
        }
        let root = try JSONObjectReader(json, path: "")
        try root.rejectUnknownKeys(["version", "runs"])
        guard let version = try root.number("version") else {
            throw ScenarioError(path: "version", message: "is missing, so this is not an Opta checkpoint (one written by `opta solve --checkpoint` has \"version\": \(SessionCheckpoint.currentVersion))")
        }
        let current = SessionCheckpoint.currentVersion
        guard version == Double(current) else {
            throw ScenarioError(path: "version", message: "must be \(current), got \(JSONText.number(version)); this Opta reads checkpoints of version \(current) only: run `opta solve --checkpoint` again")
        }
        let checkpoint: SessionCheckpoint
        do {
            checkpoint = try SolverCheckpoint.decoder().decode(SessionCheckpoint.self, from: data)
        } catch let error as DecodingError {
            throw describe(error)
        } catch {
            throw ScenarioError(path: source, message: "is not an Opta checkpoint (\(error.localizedDescription))")
        }
        guard case .array(let runs)? = root.value("runs"), runs.count == checkpoint.runs.count else {
            throw ScenarioError(path: "runs", message: "must be an array of solver runs")
        }
        for (i, run) in checkpoint.runs.enumerated() {
            try validate(run, json: runs[i], path: "runs[\(i)]")
        }
        return checkpoint
    }

    /// Checks one run's counters, rules, trajectory and state.
    static func validate(_ run: SolverRun, json: JSONValue, path: String) throws(ScenarioError) {
        guard !run.id.isEmpty else { throw ScenarioError(path: "\(path).id", message: "is empty; give the solver's id from the scenario") }
        guard (0...maxStepCount).contains(run.stepCount) else {
            throw ScenarioError(path: "\(path).stepCount", message: "must be from 0 to \(maxStepCount), got \(run.stepCount)")
        }
        guard (0...maxStepCount).contains(run.rules.maxSteps) else {
            throw ScenarioError(path: "\(path).rules.maxSteps", message: "must be from 0 to \(maxStepCount), got \(run.rules.maxSteps)")
        }
        for (key, value) in [("fTolerance", run.rules.fTolerance), ("gradientTolerance", run.rules.gradientTolerance)]
        where !(value >= 0 && value.isFinite) {
            throw ScenarioError(path: "\(path).rules.\(key)", message: "must be a finite number 0 or more, got \(JSONText.number(value))")
        }
        if let bounds = run.rules.bounds {
            let ok = [bounds.min.x, bounds.min.y, bounds.max.x, bounds.max.y].allSatisfy(\.isFinite)
                && bounds.min.x < bounds.max.x && bounds.min.y < bounds.max.y
            guard ok else {
                throw ScenarioError(path: "\(path).rules.bounds", message: "must be finite with min < max, got min \(pair(bounds.min)), max \(pair(bounds.max))")
            }
        }
        guard !run.trajectory.isEmpty else {
            throw ScenarioError(path: "\(path).trajectory", message: "is empty; it starts with the start point [x, y]")
        }
        // Counts and steps were checked while decoding (`SolverTrajectory(restoring:…)`).
        if let last = run.path.lastStep, last > run.stepCount {
            throw run.path.isDecimated
                ? ScenarioError(path: "\(path).decimation.steps", message: "reach step \(last), beyond the run's stepCount \(run.stepCount)")
                : ScenarioError(path: "\(path).trajectory", message: "has \(run.trajectory.count) points, more than the \(run.stepCount + 1) of a run after stepCount \(run.stepCount) steps")
        }
        for (i, p) in run.trajectory.enumerated() where !(p.x.isFinite && p.y.isFinite) {
            throw ScenarioError(path: "\(path).trajectory[\(i)]", message: "must be finite, got \(pair(p))")
        }
        guard run.status == .running || run.status == .stopped else { return }  // a finished run is only shown
        let statePath = statePath(json, run: path)
        let p = run.point
        guard p.x.isFinite, p.y.isFinite else {
            throw ScenarioError(path: "\(statePath).point", message: "must be finite for a \(run.status.rawValue) run, got \(pair(p)); the checkpoint was edited or damaged: write it again with `opta solve --checkpoint`")
        }
        if let bounds = run.rules.bounds, !bounds.contains(p) {
            throw ScenarioError(path: "\(statePath).point", message: "is \(pair(p)), outside the run's bounds \(pair(bounds.min))…\(pair(bounds.max)); start inside them")
        }
        if let nonFinite = firstNonFinite(stateObject(json), path: statePath) {
            throw ScenarioError(path: nonFinite.path, message: "must be finite for a \(run.status.rawValue) run, got \(nonFinite.text)")
        }
        try validateParameters(run, json: json, statePath: statePath)
    }

    /// Re-checks the state's hyper-parameters with the solver's own rules.
    static func validateParameters(_ run: SolverRun, json: JSONValue, statePath: String) throws(ScenarioError) {
        guard case .object(let fields)? = stateObject(json) else { return }
        var parameters: [String: Double] = [:]
        for name in AnySolverState.parameterNames(of: run.method) {
            if case .number(let v)? = fields[name] { parameters[name] = v }
        }
        do {
            _ = try AnySolverState(method: run.method, start: run.point, parameters: parameters)
        } catch {
            switch error {
            case let .invalid(key, value, requirement):
                throw ScenarioError(path: "\(statePath).\(key)", message: "\(requirement), got \(JSONText.number(value))")
            case .unknown:
                throw ScenarioError(path: statePath, message: "\(error)")
            }
        }
    }

    /// `runs[i].state.<method>._0`: where the state's fields are in the JSON.
    static func statePath(_ json: JSONValue, run path: String) -> String {
        guard case .object(let run) = json, case .object(let state)? = run["state"], let method = state.keys.first else {
            return "\(path).state"
        }
        if case .object(let inner)? = state[method], inner["_0"] != nil { return "\(path).state.\(method)._0" }
        return "\(path).state.\(method)"
    }

    /// The object holding the state's fields.
    static func stateObject(_ json: JSONValue) -> JSONValue? {
        guard case .object(let run) = json, case .object(let state)? = run["state"], let method = state.keys.first,
              let inner = state[method] else { return nil }
        if case .object(let wrapped) = inner, let fields = wrapped["_0"] { return fields }
        return inner
    }

    /// The first "NaN"/"Infinity"/"-Infinity" (how checkpoints write non-finite numbers) under `value`.
    static func firstNonFinite(_ value: JSONValue?, path: String) -> (path: String, text: String)? {
        switch value {
        case .string(let s) where ["NaN", "Infinity", "-Infinity"].contains(s): return (path, s)
        case .array(let items):
            for (i, item) in items.enumerated() {
                if let found = firstNonFinite(item, path: "\(path)[\(i)]") { return found }
            }
        case .object(let fields):
            for key in fields.keys.sorted() {
                if let found = firstNonFinite(fields[key], path: "\(path).\(key)") { return found }
            }
        default: break
        }
        return nil
    }

    /// A decoding error as "PATH must be …", without Swift's own wording.
    static func describe(_ error: DecodingError) -> ScenarioError {
        func path(_ keys: [any CodingKey]) -> String {
            var text = ""
            for key in keys {
                if let i = key.intValue { text += "[\(i)]" } else { text += text.isEmpty ? key.stringValue : ".\(key.stringValue)" }
            }
            return text.isEmpty ? "the checkpoint" : text
        }
        switch error {
        case let .typeMismatch(type, context):
            return ScenarioError(path: path(context.codingPath), message: "must be \(describe(type)), as `opta solve --checkpoint` writes it")
        case let .valueNotFound(type, context):
            return ScenarioError(path: path(context.codingPath), message: "must be \(describe(type)), not null")
        case let .keyNotFound(key, context):
            return ScenarioError(path: path(context.codingPath + [key]), message: "is missing; a checkpoint written by `opta solve --checkpoint` has it")
        case let .dataCorrupted(context):
            if let restore = context.underlyingError as? SolverTrajectory.RestoreError {
                let run = path(context.codingPath)
                return ScenarioError(path: run == "the checkpoint" ? restore.field : "\(run).\(restore.field)", message: restore.message)
            }
            return ScenarioError(path: path(context.codingPath), message: "has a value this Opta does not know (a solver method, status or number it cannot read)")
        @unknown default:
            return ScenarioError(path: "the checkpoint", message: "cannot be read")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Float.Type: "a number"
        case is Int.Type, is UInt64.Type, is Int64.Type, is UInt32.Type: "a whole number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        default: String(describing: type).contains("Array") || String(describing: type).contains("SIMD") ? "an array" : "an object"
        }
    }

    private static func pair(_ p: SIMD2<Double>) -> String { "[\(JSONText.number(p.x)), \(JSONText.number(p.y))]" }
}
