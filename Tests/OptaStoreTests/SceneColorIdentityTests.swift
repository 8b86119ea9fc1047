import Foundation
import OptaCore
import OptaStore
import Testing

/// A scenario's colours, read into `SceneColor`s and encoded again, leave its identity — the
/// canonical JSON and hash the run store keys runs on — exactly as the JSON written gives it:
/// each colour the loader read is put back where the scenario had it, as `JSONEncoder` writes
/// it, and the identity is computed as the store computes it from the scenario's own text.
@Suite struct SceneColorIdentityTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The example scenarios and the benchmark scenes (not the grid benchmarks, whose large grid
    /// files `make` generates), by path from the package root.
    static let files: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Examples").path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { "Examples/\($0)" }
            + ["r1-landscape2d", "r2-graph", "r3-surface3d", "r3-surface3d-512"].map { "Benchmarks/Scenarios/\($0).json" }
    }()

    /// Every colour field, with three and four components, written in several ways (1 and 1.0,
    /// 0.5 and 5e-1, spaces), and the number of colours each holds.
    static let inline: [(json: String, colours: Int)] = [
        (#"""
        {"version": 1, "landscape": {"function": "booth", "contours": {"color": [0, 0, 0]}},
         "paths": [{"points": [[0, 0], [1, 1]], "color": [1, 0.0, 0.25, 0.5]}, {"points": [[1, 0], [0, 1]]},
                   {"points": [[0, 1], [1, 0]], "color": [ 0.1 , 0.2, 0.3 ]}],
         "solvers": [{"method": "adam", "start": [1, 1], "color": [5e-1, 1.0, 0]}, {"id": "b", "method": "adam", "start": [0, 1]},
                     {"id": "c", "method": "momentum", "start": [2, 1], "color": [0.3333333333333333, 1, 1, 0]}]}
        """#, 5),
        (#"""
        {"version": 1, "graph": {"nodes": [{"id": "a"}, {"id": "b"}], "edges": [{"from": "a", "to": "b"}],
         "style": {"background": [0.98, 0.98, 0.96], "nodeColor": [0.1, 0.2, 0.3, 1], "nodeOutlineColor": [0, 0, 0],
                   "edgeColor": [0.2, 0.3, 0.5]}}}
        """#, 4),
        (#"{"version": 1, "landscape": {"function": "himmelblau", "contours": {"count": 4, "color": [1, 1, 1, 1]}}}"#, 1),
        (#"{"version": 1, "landscape": {"function": "himmelblau"}}"#, 0),
    ]

    @Test func theExamplesAreFound() {
        #expect(Self.files.filter { $0.hasPrefix("Examples/") }.count >= 10, "\(Self.files)")
    }

    @Test(arguments: files) func aFilesColoursKeepItsIdentity(file: String) throws {
        let url = Self.root.appendingPathComponent(file)
        let data = try Data(contentsOf: url)
        let raw = try JSONValue.parse(data, source: file)
        let putBack = try Self.putBackColours(data, source: file, baseFolder: url.deletingLastPathComponent().path)
        #expect(putBack == Self.colourFields(in: raw), "every colour the file holds was put back")
    }

    @Test(arguments: inline.indices) func everyColourFieldKeepsTheIdentity(index: Int) throws {
        let (json, colours) = Self.inline[index]
        #expect(try Self.putBackColours(Data(json.utf8), source: "scenario \(index)", baseFolder: ".") == colours)
    }

    /// Loads `data`, puts each colour it holds back into its JSON as `JSONEncoder` writes it, and
    /// holds the canonical text and its hash to those of `data` as written. Returns how many
    /// colours it put back.
    static func putBackColours(_ data: Data, source: String, baseFolder: String) throws -> Int {
        let written = try #require(ScenarioIdentity(json: data))
        let scenario = try ScenarioLoader.parse(data, source: source, baseFolder: baseFolder)
        var value = try JSONValue.parse(data, source: source)
        var count = 0
        func putBack(_ color: SceneColor?, at path: ArraySlice<Key>) throws {
            guard value.at(path) != nil else { return }
            let color = try #require(color, "\(path) was read")
            value = try #require(value.replacing(path, with: JSONValue.parse(JSONEncoder().encode(color), source: "encoded")))
            count += 1
        }
        try putBack(scenario.landscape.contours?.color, at: [.field("landscape"), .field("contours"), .field("color")])
        // The scenario's own paths come first, before those of its path files.
        for i in 0..<(value.at([.field("paths")])?.count ?? 0) {
            try putBack(scenario.paths[i].color, at: [.field("paths"), .index(i), .field("color")])
        }
        for (i, solver) in scenario.solvers.enumerated() {
            try putBack(solver.color, at: [.field("solvers"), .index(i), .field("color")])
        }
        if let style = scenario.graph?.style {
            for (key, color) in [("background", style.background), ("nodeColor", style.nodeColor),
                                 ("nodeOutlineColor", style.nodeOutlineColor), ("edgeColor", style.edgeColor)] {
                try putBack(color, at: [.field("graph"), .field("style"), .field(key)])
            }
        }
        let canonical = ScenarioIdentity.canonical(value)
        #expect(canonical == written.canonicalJSON, "\(source)")
        #expect(ScenarioIdentity.fnv1a(canonical) == written.hash, "\(source)")
        return count
    }

    /// How many fields named as colours are in `value`, at any depth.
    static func colourFields(in value: JSONValue) -> Int {
        switch value {
        case .array(let items): return items.map(colourFields).reduce(0, +)
        case .object(let fields):
            let colourKeys: Set = ["color", "background", "nodeColor", "nodeOutlineColor", "edgeColor"]
            return fields.map { key, item in
                (colourKeys.contains(key) ? 1 : 0) + colourFields(in: item)
            }.reduce(0, +)
        default: return 0
        }
    }

    enum Key { case field(String), index(Int) }
}

private extension JSONValue {
    /// The value at `path`, if there is one.
    func at(_ path: ArraySlice<SceneColorIdentityTests.Key>) -> JSONValue? {
        guard let first = path.first else { return self }
        switch (self, first) {
        case (.object(let fields), .field(let key)): return fields[key]?.at(path.dropFirst())
        case (.array(let items), .index(let i)) where items.indices.contains(i): return items[i].at(path.dropFirst())
        default: return nil
        }
    }

    /// The number of items of an array.
    var count: Int? { if case .array(let items) = self { items.count } else { nil } }

    /// This value with `new` at `path`; nil when nothing is there.
    func replacing(_ path: ArraySlice<SceneColorIdentityTests.Key>, with new: JSONValue) -> JSONValue? {
        guard let first = path.first else { return new }
        switch (self, first) {
        case (.object(var fields), .field(let key)):
            guard let inner = fields[key]?.replacing(path.dropFirst(), with: new) else { return nil }
            fields[key] = inner
            return .object(fields)
        case (.array(var items), .index(let i)) where items.indices.contains(i):
            guard let inner = items[i].replacing(path.dropFirst(), with: new) else { return nil }
            items[i] = inner
            return .array(items)
        default: return nil
        }
    }
}
