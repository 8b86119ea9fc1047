import Foundation
import OptaCore
import Testing

/// A scenario's colours: what the loader accepts and refuses (naming the field and the fix), and
/// the JSON form, which stays the array the scenario wrote.
@Suite struct SceneColorTests {
    func expectError(_ json: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try ScenarioLoader.parse(Data(json.utf8))
            Issue.record("expected an error for \(json)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.description == message, sourceLocation: sourceLocation)
        }
    }

    @Test func threeComponentsAreOpaqueAndFourCarryAlpha() throws {
        let rgb = try SceneColor.validated([0.1, 0.2, 0.3], path: "color")
        #expect(rgb.red == 0.1 && rgb.green == 0.2 && rgb.blue == 0.3 && rgb.alpha == 1)
        let rgba = try SceneColor.validated([0, 1, 0.5, 0.25], path: "color")
        #expect(rgba.red == 0 && rgba.green == 1 && rgba.blue == 0.5 && rgba.alpha == 0.25)
        #expect(try SceneColor.validated([1, 1, 1], path: "background", opaque: true).alpha == 1)
    }

    @Test func badComponentsNameTheFieldAndTheFix() {
        func message(_ components: [Double], opaque: Bool = false) -> String? {
            do { _ = try SceneColor.validated(components, path: "paths[0].color", opaque: opaque); return nil } catch { return error.description }
        }
        #expect(message([1, 0]) == "paths[0].color must have 3 or 4 numbers (red, green, blue and an optional alpha), got 2")
        #expect(message([1, 0, 0, 1, 1]) == "paths[0].color must have 3 or 4 numbers (red, green, blue and an optional alpha), got 5")
        #expect(message([1, 0, 0, 1], opaque: true) == "paths[0].color must have exactly 3 numbers (red, green, blue), got 4")
        #expect(message([0, 1.5, 0]) == "paths[0].color[1] must be between 0 and 1, got 1.5")
        #expect(message([0, 0, -0.25, 1]) == "paths[0].color[2] must be between 0 and 1, got -0.25")
        #expect(message([0, 0, 0, .nan]) == "paths[0].color[3] must be between 0 and 1, got nan")
        #expect(message([.infinity, 0, 0]) == "paths[0].color[0] must be between 0 and 1, got inf")
    }

    @Test func theLoaderChecksEveryColourField() {
        let booth = #""landscape": {"function": "booth"}"#
        expectError(#"{"version": 1, \#(booth), "paths": [{"points": [[0, 0], [1, 1]], "color": [1, 0]}]}"#,
                    "paths[0].color must have 3 or 4 numbers (red, green, blue and an optional alpha), got 2")
        expectError(#"{"version": 1, \#(booth), "solvers": [{"method": "adam", "start": [0, 0], "color": [0, 0, 2]}]}"#,
                    "solvers[0].color[2] must be between 0 and 1, got 2")
        expectError(#"{"version": 1, \#(booth), "solvers": [{"method": "adam", "start": [0, 0], "color": [0, "red", 0]}]}"#,
                    "solvers[0].color[1] must be a number, got a string")
        expectError(#"{"version": 1, "graph": {"nodes": [], "style": {"background": [1, 1, 1, 0.5]}}}"#,
                    "graph.style.background must have exactly 3 numbers (red, green, blue), got 4")
        expectError(#"{"version": 1, "graph": {"nodes": [], "style": {"nodeOutlineColor": [0, 0, 0, 0, 0]}}}"#,
                    "graph.style.nodeOutlineColor must have 3 or 4 numbers (red, green, blue and an optional alpha), got 5")
    }

    /// The JSON form is the array the scenario wrote: three components stay three, four stay four.
    @Test(arguments: ["[0.1,0.2,0.3]", "[0,1,0.5,0.25]", "[1,1,1]", "[1,1,1,1]", "[0.3333333333333333,5e-1,1.0]"])
    func encodingGivesBackTheArrayWritten(text: String) throws {
        let color = try JSONDecoder().decode(SceneColor.self, from: Data(text.utf8))
        let written = try JSONDecoder().decode([Double].self, from: Data(text.utf8))
        let encoded = try JSONDecoder().decode([Double].self, from: JSONEncoder().encode(color))
        #expect(encoded == written)
        #expect(try JSONDecoder().decode(SceneColor.self, from: JSONEncoder().encode(color)) == color)
    }

    @Test(arguments: ["[1,0]", "[1,2,0]", "[0,0,0,-1]", "[0,0,0,1,1]", "[]", "\"red\""])
    func decodingRefusesWhatTheLoaderRefuses(text: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SceneColor.self, from: Data(text.utf8)) }
    }

    @Test func threeAndFourComponentsAreDifferentValues() throws {
        // Equal values encode alike: the alpha the scenario wrote is part of the value.
        #expect(try SceneColor.validated([1, 0, 0], path: "c") != SceneColor.validated([1, 0, 0, 1], path: "c"))
        #expect(try SceneColor.validated([1, 0, 0], path: "c") == SceneColor.validated([1, 0, 0], path: "c"))
    }
}
