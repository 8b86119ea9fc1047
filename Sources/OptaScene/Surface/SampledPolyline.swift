/// A 3D polyline as screen samples every couple of pixels (`SurfaceProjector.sampled`).
struct SampledPolyline {
    enum Step {
        /// The line breaks here (a corner behind the near plane, or not finite).
        case cut
        /// The first sample of a segment.
        case segmentStart(DepthSample)
        case sample(DepthSample)
    }
    let steps: [Step]
}

extension SampledPolyline {
    /// The visible pieces of the line as frame polylines, given the surface's depth at the probes
    /// (`depths[probe]`).
    func visibleRuns(depths: [Float]) -> [[SIMD2<Float>]] {
        var runs: [[SIMD2<Float>]] = []
        var current: [SIMD2<Float>] = []
        func flush() {
            if current.count >= 2 { runs.append(current) }
            current = []
        }
        // Visible samples of the current segment already in `current`: all on one straight line,
        // so only the first and the latest are kept (a run is a few long strokes, not one per 2 px).
        var alongSegment = 0
        for step in steps {
            let sample: DepthSample
            switch step {
            case .cut:
                flush()
                continue
            case .segmentStart(let s):
                alongSegment = 0
                // A segment continuing a run starts where the previous one ended.
                if !current.isEmpty { continue }
                sample = s
            case .sample(let s):
                sample = s
            }
            if sample.isVisible(depths: depths) {
                if alongSegment >= 2 { current[current.count - 1] = sample.point } else { current.append(sample.point) }
                alongSegment += 1
            } else {
                flush()
                alongSegment = 0
            }
        }
        flush()
        return runs
    }
}
