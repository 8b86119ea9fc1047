extension ScenarioLoader {
    /// `axes.legend`: `true`, `false`, or `{"position": …}` (shown, at that place).
    static func parseLegend(_ axes: JSONObjectReader, into spec: inout AxesSpec) throws(ScenarioError) {
        guard let value = axes.value("legend") else { return }
        switch value {
        case .bool(let shown):
            spec.legend = shown
        case .object:
            let legend = try JSONObjectReader(value, path: axes.pathOf("legend"))
            try legend.rejectUnknownKeys(["position"])
            spec.legend = true
            if let word = try legend.choice("position", LegendPosition.allCases.map(\.rawValue)) {
                spec.legendPosition = LegendPosition(rawValue: word) ?? .best
            }
        default:
            throw ScenarioError(path: axes.pathOf("legend"),
                                message: "must be true, false or an object such as {\"position\": \"upper left\"}, got \(value.typeName)")
        }
    }
}
