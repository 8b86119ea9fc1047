import OptaCore
import OptaRaster

extension SurfaceFigure {
    /// Known minima inside the domain (drawn when the scenario shows minima).
    var visibleMinima: [SIMD2<Double>] {
        guard scenario.landscape.showMinima else { return [] }
        let domain = scenario.landscape.domain
        return scenario.landscape.objective.minima.map(\.point).filter { domain.x.contains($0.x) && domain.y.contains($0.y) }
    }

    /// The box's outline on screen, as `projector` sees it (empty when a corner is behind the eye).
    func boxOutline(_ projector: SurfaceProjector) -> [SIMD2<Float>] {
        let (lo, hi) = box
        let corners = (0..<8).compactMap { k in
            projector.project(SIMD3(k & 1 == 0 ? lo.x : hi.x, k & 2 == 0 ? lo.y : hi.y, k & 4 == 0 ? lo.z : hi.z))?.point
        }
        return corners.count == 8 ? PolygonArea.hull(corners) : []
    }

    /// Where the legend of a frame goes: beside the view when the figure made room, else the
    /// corner of the view covering the least of the paths, markers and surface, and no axis text
    /// (`texts`, placed already). Nil when there is nothing to name.
    func placedLegend(paths: [PathSpec], plan: SurfaceOverlayPlan, texts: [PlacedText]) -> LandscapeFigure.PlacedLegend? {
        guard scenario.axes.legend else { return nil }
        let entries = LandscapeFigure.legendEntries(paths, minimaCount: visibleMinima.count, strokeScale: layout.strokeScale)
        if let outside = legendOutside {
            guard let legend = outside.legend(entries, fonts: fonts) else { return nil }
            return LandscapeFigure.PlacedLegend(legend: legend, frame: legend.frame(at: outside.origin))
        }
        guard let legend = LandscapeFigure.insideLegend(entries, plot: viewRect, labelSize: layout.labelSize, fonts: fonts,
                                                        metrics: layout.legendMetrics) else { return nil }
        guard let frame = LegendPlacer.place(size: legend.size, plot: viewRect, inset: legend.pad * 1.5,
                                             position: scenario.axes.legendPosition,
                                             obstacles: legendObstacles(plan: plan, texts: texts), outside: nil)
        else { return nil }
        return LandscapeFigure.PlacedLegend(legend: legend, frame: frame)
    }

    /// What a legend inside the view avoids: the paths (where the surface hides them too: the
    /// legend is placed before the surface is drawn), their ends, the minima, the box (its
    /// outline as a path, its area lightly) and the axis labels (`texts`, never covered).
    func legendObstacles(plan: SurfaceOverlayPlan, texts: [PlacedText]) -> LegendPlacer.Obstacles {
        var obstacles = LegendPlacer.Obstacles()
        for path in plan.paths {
            obstacles.lines += path.pieces.map { $0.map { SIMD2($0.x, $0.y) } }
            for end in [path.start, path.head].compactMap({ $0 }) { obstacles.points.append((end.point, 7, LegendPlacer.markerWeight)) }
        }
        obstacles.points += plan.minima.map { ($0, 6, LegendPlacer.markerWeight) }
        addBox(plan.projector, to: &obstacles)
        obstacles.text = texts.map(\.rect)
        return obstacles
    }

    /// Whether a `best` legend for the scenario's paths, seen by the scenario's camera, finds no
    /// corner of the view clear of the axis labels, paths and markers (the minima's too).
    func legendWantsOutside() -> Bool {
        let entries = LandscapeFigure.legendEntries(scenario.paths, minimaCount: visibleMinima.count)
        guard !entries.isEmpty else { return false }
        let metrics = layout.legendMetrics
        let legend = LandscapeFigure.insideLegend(entries, plot: viewRect, labelSize: layout.labelSize, fonts: fonts, metrics: metrics)
        let projector = projector(prepared.spec.camera)
        var obstacles = LegendPlacer.Obstacles()
        obstacles.text = axisLabelBoxes(SurfaceAxes(self, projector: projector, camera: prepared.spec.camera))
        addBox(projector, to: &obstacles)
        for path in scenario.paths {
            let points = path.points.compactMap { marker($0, projector)?.point }
            obstacles.lines.append(points)
            if let first = points.first, let last = points.last {
                obstacles.points += [(first, 7, LegendPlacer.markerWeight), (last, 7, LegendPlacer.markerWeight)]
            }
        }
        obstacles.points += visibleMinima.compactMap { marker($0, projector).map { ($0.point, 6, LegendPlacer.markerWeight) } }
        return LegendPlacer.wantsOutside(size: legend?.size, plot: viewRect, inset: Float(layout.labelSize) * metrics.pad * 1.5,
                                         obstacles: obstacles)
    }

    /// The box as a legend sees it: the area it covers on screen (lightly) and its outline, a
    /// line like a path's, so a legend does not hide a corner of the box and its ticks.
    func addBox(_ projector: SurfaceProjector, to obstacles: inout LegendPlacer.Obstacles) {
        let outline = boxOutline(projector)
        obstacles.areas.append(outline)
        if let first = outline.first { obstacles.lines.append(outline + [first]) }
    }

    /// The box of every label of `axes`, before thinning.
    func axisLabelBoxes(_ axes: SurfaceAxes) -> [PixelRectF] {
        axes.labels.map { label in
            let stamp = labels.stamp(label.text, size: layout.labelSize, weight: label.weight, fonts: fonts)
            return stamp.rect(at: stamp.origin(anchor: label.anchor, horizontal: label.horizontal, vertical: label.vertical))
        }
    }

    func addLegend(_ list: inout FigureCanvas, _ placed: LandscapeFigure.PlacedLegend) {
        placed.legend.draw(&list, in: placed.frame, style: .dark, fonts: fonts, strokeScale: layout.strokeScale)
    }
}
