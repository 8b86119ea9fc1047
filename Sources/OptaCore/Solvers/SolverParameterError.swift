/// A rejected hyper-parameter dictionary: an unknown key or a value out of range.
public enum SolverParameterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `key` is not a parameter of `method`; `allowed` lists the ones that are.
    case unknown(key: String, method: SolverMethod, allowed: [String])
    /// `key` has `value`, which breaks `requirement` (e.g. "must be > 0").
    case invalid(key: String, value: Double, requirement: String)

    public var description: String {
        switch self {
        case let .unknown(key, method, allowed):
            "params.\(key) is not a parameter of \(method.rawValue); allowed: "
                + (allowed.isEmpty ? "none" : allowed.map { "params.\($0)" }.joined(separator: ", "))
        case let .invalid(key, value, requirement):
            "params.\(key) \(requirement) (got \(value))"
        }
    }
}
