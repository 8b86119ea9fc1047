extension Reducer {
    /// Appends a followed log's points to the paths of their names, in the order they came; a name
    /// not seen before starts a new path after the others (so it gets the next palette colour and
    /// a legend entry). Each path keeps f as logged (NaN where the line had none) and the step
    /// (the point's index where the line had none). Points beyond `Limits.followedPoints` in all
    /// are dropped: memory stays bounded however long a log grows.
    ///
    /// The arrays grow in place (amortized O(1) a point) as long as `state` holds the only
    /// reference to them.
    static func appendFollowed(_ points: [PathPoint], to state: inout AppState) {
        let room = max(0, Limits.followedPoints - state.followedPaths.reduce(0) { $0 + $1.points.count })
        var index = -1
        for p in points.prefix(room) {
            if index < 0 || state.followedPaths[index].name != p.path {
                index = state.followedPaths.firstIndex { $0.name == p.path } ?? state.followedPaths.count
                if index == state.followedPaths.count {
                    var path = PathSpec(name: p.path, points: [])
                    path.values = []
                    path.steps = []
                    state.followedPaths.append(path)
                }
            }
            let step = p.step ?? Double(state.followedPaths[index].points.count)
            state.followedPaths[index].points.append(p.point)
            state.followedPaths[index].values?.append(p.f ?? .nan)
            state.followedPaths[index].steps?.append(step)
        }
        growOneAhead(&state.followedPaths)
    }

    /// Gives the first of the paths' arrays that is past half full twice its capacity.
    /// Copying a long path's arrays into larger ones takes milliseconds; paths that grow at the
    /// same rate would all do it in the same frame. Growing one array a batch, ahead of need,
    /// spreads the copies over frames.
    static func growOneAhead(_ paths: inout [PathSpec]) {
        for index in paths.indices {
            if let room = paths[index].points.capacityAhead { paths[index].points.reserveCapacity(room); return }
            if let room = paths[index].values?.capacityAhead { paths[index].values?.reserveCapacity(room); return }
            if let room = paths[index].steps?.capacityAhead { paths[index].steps?.reserveCapacity(room); return }
        }
    }
}

private extension Array {
    /// Twice the capacity when the array is long and past half full, else nil.
    var capacityAhead: Int? { count > 1_024 && count > capacity / 2 ? 2 * capacity : nil }
}
