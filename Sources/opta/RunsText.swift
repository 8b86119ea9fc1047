import Foundation
import OptaCore
import OptaStore
import OptaSupport

/// Stored runs as text: the `runs list` table and JSON, `runs show` details, CSV and JSON Lines.
enum RunsText {
    static func number(_ v: Double?) -> String {
        guard let v, v.isFinite else { return "null" }
        return "\(v)"
    }

    /// `%.4g` through C's snprintf (Foundation's `String(format:)` costs several times more, and a
    /// 10,000-run table formats 20,000 of these).
    private static func short(_ v: Double?) -> String {
        guard let v, v.isFinite else { return "-" }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 32) { buffer in
            _ = withVaList([v]) { vsnprintf(buffer.baseAddress!, 32, "%.4g", $0) }
            return String(cString: buffer.baseAddress!)
        }
    }

    /// "yyyy-MM-dd HH:mm" in local time, from `localtime_r` (a DateFormatter took about as long as
    /// the rest of a 10,000-run table).
    static func minute(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var t = tm()
        guard localtime_r(&seconds, &t) != nil else { return "-" }
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(t.tm_year + 1900)-\(two(t.tm_mon + 1))-\(two(t.tm_mday)) \(two(t.tm_hour)):\(two(t.tm_min))"
    }

    static func table(_ runs: [RunSummary]) -> String {
        guard !runs.isEmpty else { return "no runs" }
        let header = ["ID", "WHEN", "LANDSCAPE", "RUN", "STATUS", "STEPS", "FINAL f", "BEST f", "LABELS"]
        let rows = runs.map { r in
            [String(r.id), minute(r.createdAt), String(r.landscape.prefix(32)), "\(r.name) (\(r.method))",
             r.status, String(max(0, r.iterateCount - 1)), short(r.finalF), short(r.bestF),
             ([r.label].compactMap { $0 } + r.tags).joined(separator: ",")]
        }
        let widths = header.indices.map { i in ([header[i]] + rows.map { $0[i] }).map(columns).max() ?? 0 }
        // Bytes, not String concatenation: a 10,000-run table is 90,000 cells, and appending them
        // to Strings took a third of the whole command.
        var text: [UInt8] = []
        text.reserveCapacity((rows.count + 1) * (widths.reduce(0, +) + 2 * widths.count))
        for row in [header] + rows {
            let lineStart = text.count
            for (i, cell) in row.enumerated() {
                text.append(contentsOf: cell.utf8)
                if i < row.count - 1 { text.append(contentsOf: repeatElement(UInt8(ascii: " "), count: widths[i] - columns(cell) + 2)) }
            }
            while text.count > lineStart, text.last == UInt8(ascii: " ") { text.removeLast() }
            text.append(UInt8(ascii: "\n"))
        }
        text.removeLast()
        return String(decoding: text, as: UTF8.self)
    }

    /// How many characters `text` shows (its bytes when it is ASCII, the usual case).
    private static func columns(_ text: String) -> Int {
        text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.count : text.count
    }

    static func json(_ runs: [RunSummary]) -> String {
        // One formatter for every row (one per row made a 10,000-run list take over half a second).
        let dates = ISO8601DateFormatter()
        return "[" + runs.map { object($0, dates: dates) }.joined(separator: ",\n ") + "]"
    }

    static func object(_ r: RunSummary, dates: ISO8601DateFormatter) -> String {
        let parameters = r.parameters.keys.sorted().map { "\(JSONText.quoted($0)): \(number(r.parameters[$0]))" }.joined(separator: ", ")
        return "{\"id\": \(r.id), \"createdAt\": \(JSONText.quoted(dates.string(from: r.createdAt))), "
            + "\"source\": \(JSONText.quoted(r.source)), \"scenarioHash\": \(JSONText.quoted(r.scenarioHash)), "
            + "\"landscape\": \(JSONText.quoted(r.landscape)), \"name\": \(JSONText.quoted(r.name)), "
            + "\"method\": \(JSONText.quoted(r.method)), \"parameters\": {\(parameters)}, \"seed\": \(r.seed), "
            + "\"start\": [\(number(r.start.x)), \(number(r.start.y))], \"status\": \(JSONText.quoted(r.status)), "
            + "\"stopReason\": \(r.stopReason.map(JSONText.quoted) ?? "null"), \"wallTime\": \(number(r.wallTime)), "
            + "\"iterates\": \(r.iterateCount), \"finalF\": \(number(r.finalF)), \"bestF\": \(number(r.bestF)), "
            + "\"label\": \(r.label.map(JSONText.quoted) ?? "null"), \"tags\": [\(r.tags.map(JSONText.quoted).joined(separator: ", "))], "
            + "\"optaVersion\": \(JSONText.quoted(r.optaVersion))}"
    }

    /// What recorded a run of `source`, in words.
    static func recordedBy(_ source: String) -> String {
        switch source {
        case "follow": "`opta view --follow`"
        case "file": "`opta solve` or `opta view` (a logged path file)"
        case "python": "Python's `log_step`"
        default: "`opta \(source)`"
        }
    }

    static func details(_ run: StoredRun) -> String {
        let r = run.summary
        let wall: String = r.wallTime.map { String(format: ", %.3f s", $0) } ?? ""
        let parameters: String = r.parameters.isEmpty ? "defaults"
            : r.parameters.keys.sorted().map { "\($0)=\(short(r.parameters[$0]))" }.joined(separator: " ")
        var lines: [String] = [
            "run \(r.id): \(r.name) (\(r.method)) on \(r.landscape)",
            "  recorded   \(minute(r.createdAt)) by \(recordedBy(r.source)), Opta \(r.optaVersion), scenario \(r.scenarioHash)",
            "  start      (\(short(r.start.x)), \(short(r.start.y))), seed \(r.seed)",
            "  parameters \(parameters)",
            "  status     \(r.status)\(r.stopReason.map { ": " + $0 } ?? "")",
            "  iterates   \(r.iterateCount), final f \(short(r.finalF)), best f \(short(r.bestF))\(wall)",
        ]
        let labels = [r.label].compactMap { $0 } + r.tags
        if !labels.isEmpty { lines.append("  labels     " + labels.joined(separator: ", ")) }
        let shown = run.iterates.count <= 6 ? Array(run.iterates) : Array(run.iterates.prefix(3)) + Array(run.iterates.suffix(3))
        for (i, it) in shown.enumerated() {
            if run.iterates.count > 6 && i == 3 { lines.append("  …") }
            lines.append("  step \(it.step): (\(short(it.x)), \(short(it.y))) f = \(short(it.value)) ‖∇f‖ = \(short(it.gradientNorm))")
        }
        return lines.joined(separator: "\n")
    }

    static func csv(_ run: StoredRun) -> String {
        var out = ""
        out.reserveCapacity(run.iterates.count * 64)
        for it in run.iterates {
            out += "\(run.summary.id),\(it.step),\(csvNumber(it.x)),\(csvNumber(it.y)),\(csvNumber(it.value)),\(csvNumber(it.gradientNorm))\n"
        }
        return out
    }

    private static func csvNumber(_ v: Double) -> String { v.isFinite ? "\(v)" : "" }

    static func jsonLines(_ run: StoredRun) -> String {
        var out = ""
        for it in run.iterates {
            out += "{\"run\": \(run.summary.id), \"step\": \(it.step), \"x\": \(number(it.x)), \"y\": \(number(it.y)), "
                + "\"f\": \(number(it.value)), \"gradNorm\": \(number(it.gradientNorm))}\n"
        }
        return out
    }
}
