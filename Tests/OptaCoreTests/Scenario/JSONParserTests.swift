import Foundation
import Testing
@testable import OptaCore

/// invalid JSON is reported with line and column, never raw `DecodingError` text.
@Suite struct JSONParserTests {
    func message(_ text: String) -> String {
        do {
            _ = try JSONParser.parse(Data(text.utf8), source: "s.json")
            return "parsed"
        } catch {
            return "\(error)"
        }
    }

    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(Data(#" {"a": [1, -2.5e3, true, false, null, "x\n\u00e9\ud83d\ude00"], "b": {}} "#.utf8), source: "s")
        #expect(value == .object(["a": .array([.number(1), .number(-2500), .bool(true), .bool(false), .null,
                                                .string("x\né😀")]), "b": .object([:])]))
    }

    @Test(arguments: [
        ("{\"version\": 1,\n  \"a\": 2,}", "line 2, column 10", "trailing comma"),
        ("{\"version\": 1e400}", "line 1, column 13", "beyond a double's range"),
        ("{\"v\": 1,\n\"t\": \"abc", "line 2, column 6", "never ends"),
        ("{\"v\" 1}", "line 1, column 6", "expected ':'"),
        ("[1 2]", "line 1, column 4", "expected ',' or ']'"),
        ("{\"a\": 1, \"a\": 2}", "line 1, column 10", "appears twice"),
        ("{\"a\": 01}", "line 1, column 7", "may not start with 0"),
        ("", "not valid JSON", "empty"),
        ("{} x", "line 1, column 4", "after the end"),
        ("{\"a\": tru}", "line 1, column 7", "expected true"),
    ])
    func syntaxErrorsSayWhere(text: String, position: String, words: String) {
        let text = message(text)
        #expect(text.hasPrefix("s.json is not valid JSON"), "\(text)")
        #expect(text.contains(position) && text.contains(words), "\(text)")
        #expect(!text.contains("DecodingError"))
    }

    @Test func latin1TextIsNamedAsNotUTF8() {
        let text: String
        do {
            _ = try JSONParser.parse(Data([0x7B, 0x22, 0x74, 0x22, 0x3A, 0x22, 0x63, 0x61, 0x66, 0xE9, 0x22, 0x7D]), source: "s.json")
            text = "parsed"
        } catch { text = "\(error)" }
        #expect(text.contains("not UTF-8") && text.contains("0xE9") && text.contains("column 10"), "\(text)")
    }

    @Test func deepNestingIsAnErrorNotAStackOverflow() {
        #expect(message(String(repeating: "[", count: 100_000)).contains("nested more than"))
        #expect(message(String(repeating: "{\"a\":", count: 100_000)).contains("nested more than"))
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        #expect(try JSONParser.parse(Data([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)), source: "s") == .array([.number(1)]))
    }
}
