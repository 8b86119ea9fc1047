import Foundation

/// The grid and path fixtures made by `Tests/Fixtures/grids/generate.py`.
enum GridFixtures {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/grids").path

    static func path(_ name: String) -> String { "\(folder)/\(name)" }
    static func data(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path(name))) }
}
