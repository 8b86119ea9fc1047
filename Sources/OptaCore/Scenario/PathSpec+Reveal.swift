extension PathSpec {
    /// The path up to and including step `limit` (its logged `steps`, else the point index),
    /// keeping at least its first point: where the run started is known from the first frame.
    public func revealed(through limit: Double) -> PathSpec {
        var count = 0
        for i in points.indices {
            let step = steps.flatMap { i < $0.count ? $0[i] : nil } ?? Double(i)
            if step > limit { break }
            count = i + 1
        }
        count = max(count, min(points.count, 1))
        guard count < points.count else { return self }
        var copy = self
        copy.points = Array(points.prefix(count))
        copy.values = values.map { Array($0.prefix(count)) }
        copy.steps = steps.map { Array($0.prefix(count)) }
        return copy
    }
}
