import OptaSupport

extension ScenarioLoader {
    /// Reads `"runs"`: stored runs to overlay, each a run id (number or "12"), `{"label": "…"}`
    /// or `{"query": "…"}`.
    static func parseRunReferences(_ root: JSONObjectReader) throws(ScenarioError) -> [RunReference] {
        guard let items = try root.array("runs") else { return [] }
        guard items.count <= 200 else {
            throw ScenarioError(path: "runs", message: "lists \(items.count) entries; at most 200 (use a {\"query\": …} instead)")
        }
        var references: [RunReference] = []
        for (i, item) in items.enumerated() {
            let path = "runs[\(i)]"
            switch item {
            case .number(let n):
                guard n >= 1, n.rounded() == n, n < 9e15 else {
                    throw ScenarioError(path: path, message: "must be a run id (a whole number 1 or more), got \(JSONText.number(n))")
                }
                references.append(.id(Int64(n)))
            case .string(let s):
                guard let id = Int64(s), id >= 1 else {
                    throw ScenarioError(path: path, message: "must be a run id like \"12\" (see `opta runs list`), got \(JSONText.quoted(s))")
                }
                references.append(.id(id))
            case .object:
                let r = try JSONObjectReader(item, path: path)
                try r.rejectUnknownKeys(["label", "query"])
                if let label = try r.string("label") {
                    guard !r.has("query") else {
                        throw ScenarioError(path: path, message: "has both \"label\" and \"query\"; give one")
                    }
                    references.append(.label(label))
                } else if let query = try r.string("query") {
                    references.append(.query(query))
                } else {
                    throw ScenarioError(path: path, message: "must have \"label\" or \"query\"")
                }
            default:
                throw ScenarioError(path: path, message: "must be a run id, {\"label\": …} or {\"query\": …}, got \(item.typeName)")
            }
        }
        return references
    }
}
