extension ScenarioLoader {
    /// Reads `"panels"`: a list of views shown side by side.
    static func parsePanels(_ root: JSONObjectReader, landscape: LandscapeSpec) throws(ScenarioError) -> [PanelSpec] {
        guard let items = try root.array("panels") else { return [] }
        guard !items.isEmpty, items.count <= 8 else {
            throw ScenarioError(path: "panels", message: "must list 1 to 8 panels, got \(items.count)")
        }
        var panels: [PanelSpec] = []
        for (i, item) in items.enumerated() {
            let r = try JSONObjectReader(item, path: "panels[\(i)]")
            try r.rejectUnknownKeys(["view", "weight", "title", "camera", "gradientNorm", "xTitle", "yTitle", "xScale", "best", "points"])
            let kinds = PanelSpec.Kind.allCases.map(\.rawValue)
            guard let name = try r.choice("view", kinds), let kind = PanelSpec.Kind(rawValue: name) else {
                throw ScenarioError(path: r.pathOf("view"), message: "is missing; one of \(kinds.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            var panel = PanelSpec(kind: kind, weight: try positive(r, "weight") ?? 1, title: try r.string("title"))
            if let c = try r.object("camera") {
                guard kind == .landscape else {
                    throw ScenarioError(path: r.pathOf("camera"), message: "only a \"landscape\" panel has a camera; remove it")
                }
                panel.camera = try parseCamera2D(c, landscape: landscape)
            }
            if let g = try r.bool("gradientNorm") {
                guard kind == .convergence else {
                    throw ScenarioError(path: r.pathOf("gradientNorm"), message: "only a \"convergence\" panel draws ‖∇f‖; remove it")
                }
                panel.gradientNorm = g
            }
            panel.chart = try parseChartOptions(r, kind: kind)
            panels.append(panel)
        }
        return panels
    }

    /// A convergence panel's `xTitle`, `yTitle`, `xScale` (`"linear"` or `"log"`), `best` and `points`.
    static func parseChartOptions(_ r: JSONObjectReader, kind: PanelSpec.Kind) throws(ScenarioError) -> ChartOptions {
        for key in ["xTitle", "yTitle", "xScale", "best", "points"] where kind != .convergence && r.value(key) != nil {
            throw ScenarioError(path: r.pathOf(key), message: "only a \"convergence\" panel has chart axes and marks; remove it")
        }
        var chart = ChartOptions(xTitle: try r.string("xTitle"), yTitle: try r.string("yTitle"))
        chart.xLogarithmic = try r.choice("xScale", ["linear", "log"]) == "log"
        chart.marksBest = try r.bool("best") ?? true
        chart.marksPoints = try r.bool("points") ?? false
        return chart
    }

    /// A 2D camera: `{"center": [x, y], "zoom": z}`; the centre defaults to the domain's.
    static func parseCamera2D(_ c: JSONObjectReader, landscape: LandscapeSpec) throws(ScenarioError) -> Camera2D {
        try c.rejectUnknownKeys(["center", "zoom"])
        let center = try c.numbers("center", counts: 2...2) ?? [
            (landscape.domain.x.lowerBound + landscape.domain.x.upperBound) / 2,
            (landscape.domain.y.lowerBound + landscape.domain.y.upperBound) / 2]
        return Camera2D(center: SIMD2(center[0], center[1]), zoom: try positive(c, "zoom") ?? 1)
    }
}
