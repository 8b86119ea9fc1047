extension PathSpec {
    /// Equal when every field is; in `values` (and `steps`), NaN — "not logged" — equals NaN, so a
    /// path and its copy are equal (and states holding logged paths compare as the same state).
    public static func == (a: PathSpec, b: PathSpec) -> Bool {
        func same(_ x: [Double]?, _ y: [Double]?) -> Bool {
            guard let x, let y else { return x == nil && y == nil }
            return x.elementsEqual(y) { $0 == $1 || ($0.isNaN && $1.isNaN) }
        }
        return a.name == b.name && a.points == b.points && a.color == b.color && a.width == b.width
            && a.markers == b.markers && a.markerRadius == b.markerRadius && same(a.values, b.values) && same(a.steps, b.steps)
    }
}
