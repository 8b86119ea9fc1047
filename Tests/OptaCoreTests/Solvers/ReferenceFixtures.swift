import Foundation
@testable import OptaCore

/// The reference runs of torch.optim, scipy.optimize and pycma in `Tests/Fixtures/solvers/`,
/// written by `generate.py` there (see its README for versions and how to re-run it).
enum ReferenceFixtures {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/solvers")

    /// The decoded fixture `name` (e.g. "first-order.json").
    static func load<T: Decodable>(_ name: String, as type: T.Type = T.self) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// The built-in function a fixture names.
    static func function(_ name: String) throws -> BuiltinFunction {
        guard let function = BuiltinFunction(rawValue: name) else { throw FixtureError("unknown function \(name)") }
        return function
    }

    static func point(_ xy: [Double]) -> SIMD2<Double> { SIMD2(xy[0], xy[1]) }

    struct FixtureError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
