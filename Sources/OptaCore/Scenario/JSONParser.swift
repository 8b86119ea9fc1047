import Foundation

/// A strict JSON (RFC 8259) parser into `JSONValue` whose errors say where: line and column, what
/// was found and what was expected. It rejects what lenient parsers let through and later stages
/// would misread: trailing commas, numbers beyond a double's range (`1e400`), text that is not
/// UTF-8 (a Latin-1 file), duplicate keys and nesting deeper than `maxDepth`.
public struct JSONParser {
    /// How deeply arrays and objects may nest (Opta's files need fewer than 10 levels).
    public static let maxDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private let source: String

    /// Parses `data` as one JSON document; `source` names the file in errors.
    public static func parse(_ data: Data, source: String) throws(ScenarioError) -> JSONValue {
        var parser = JSONParser(bytes: [UInt8](data), source: source)
        try parser.checkUTF8()
        parser.skipByteOrderMark()
        parser.skipWhitespace()
        guard parser.index < parser.bytes.count else {
            throw ScenarioError(path: source, message: "is not valid JSON: the file is empty; a scenario starts with {\"version\": 1, ...}")
        }
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else {
            throw parser.failure("unexpected \(parser.describeNext()) after the end of the JSON value")
        }
        return value
    }

    private init(bytes: [UInt8], source: String) {
        self.bytes = bytes
        self.source = source
    }

    // MARK: Errors and positions

    /// Line and column (1-based, columns counted in characters) of byte `offset`.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for b in bytes[0..<min(offset, bytes.count)] {
            if b == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    private func failure(_ message: String, at offset: Int? = nil) -> ScenarioError {
        let (line, column) = Self.position(of: offset ?? index, in: bytes)
        return ScenarioError(path: source, message: "is not valid JSON: line \(line), column \(column): \(message)")
    }

    private func describeNext() -> String {
        guard index < bytes.count else { return "end of file" }
        let b = bytes[index]
        if b >= 0x20 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return String(format: "byte 0x%02X", b)
    }

    // MARK: Bytes

    private func checkUTF8() throws(ScenarioError) {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: break loop
            case .error:
                let (line, column) = Self.position(of: offset, in: bytes)
                let byte = offset < bytes.count ? String(format: "0x%02X", bytes[offset]) : "?"
                throw ScenarioError(path: source, message: "is not UTF-8 text (byte \(byte) at line \(line), column \(column)); save the file as UTF-8")
            }
        }
    }

    private mutating func skipByteOrderMark() {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func expect(_ literal: String, _ value: JSONValue) throws(ScenarioError) -> JSONValue {
        let start = index
        for b in literal.utf8 {
            guard index < bytes.count, bytes[index] == b else {
                throw failure("expected \(literal), found \(describeNext())", at: start)
            }
            index += 1
        }
        return value
    }

    // MARK: Values

    private mutating func parseValue(depth: Int) throws(ScenarioError) -> JSONValue {
        guard index < bytes.count else { throw failure("expected a value, found the end of the file") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw failure("expected a value (object, array, string, number, true, false or null), found \(describeNext())")
        }
    }

    private mutating func parseObject(depth: Int) throws(ScenarioError) -> JSONValue {
        guard depth <= Self.maxDepth else { throw failure("nested more than \(Self.maxDepth) levels deep") }
        index += 1  // {
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw failure("expected a key in double quotes, found \(describeNext())")
            }
            let keyStart = index
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw failure("expected ':' after the key \"\(key)\", found \(describeNext())")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            guard members.updateValue(value, forKey: key) == nil else {
                throw failure("the key \"\(key)\" appears twice in one object; keep one", at: keyStart)
            }
            skipWhitespace()
            guard index < bytes.count else { throw failure("expected ',' or '}', found the end of the file") }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            guard bytes[index] == UInt8(ascii: ",") else { throw failure("expected ',' or '}', found \(describeNext())") }
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                throw failure("a comma before '}' (JSON allows no trailing comma); remove it")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(ScenarioError) -> JSONValue {
        guard depth <= Self.maxDepth else { throw failure("nested more than \(Self.maxDepth) levels deep") }
        index += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw failure("expected ',' or ']', found the end of the file") }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            guard bytes[index] == UInt8(ascii: ",") else { throw failure("expected ',' or ']', found \(describeNext())") }
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                throw failure("a comma before ']' (JSON allows no trailing comma); remove it")
            }
        }
    }

    private mutating func parseNumber() throws(ScenarioError) -> Double {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let leadingZero = index < bytes.count && bytes[index] == UInt8(ascii: "0")
        let integerDigits = digits()
        guard integerDigits > 0 else { throw failure("expected a digit after '-', found \(describeNext())") }
        guard !(leadingZero && integerDigits > 1) else { throw failure("a number may not start with 0 (write 7, not 07)", at: start) }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw failure("expected a digit after '.', found \(describeNext())") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw failure("expected a digit in the exponent, found \(describeNext())") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw failure("the number \(text) is beyond a double's range (±1.8e308); use a smaller value", at: start)
        }
        return value
    }

    private mutating func parseString() throws(ScenarioError) -> String {
        let start = index
        index += 1  // "
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ parser: JSONParser, upTo end: Int) {
            scalars.append(contentsOf: String(decoding: parser.bytes[runStart..<end], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard index < bytes.count else { throw failure("a string that never ends (no closing \")", at: start) }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                flush(self, upTo: index)
                index += 1
                return String(scalars)
            }
            if b < 0x20 { throw failure("a control character inside a string; write it as an escape such as \\n") }
            if b != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            flush(self, upTo: index)
            index += 1
            guard index < bytes.count else { throw failure("a string that never ends (no closing \")", at: start) }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count,
                   bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    let save = index
                    index += 2
                    let low = try hex4()
                    if (0xDC00..<0xE000).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        index = save
                    }
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default:
                throw failure("an unknown escape \\\(Character(Unicode.Scalar(escape))) in a string", at: index - 2)
            }
            runStart = index
        }
    }

    private mutating func hex4() throws(ScenarioError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("\\u needs four hex digits") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw failure("\\u needs four hex digits, found \(describeNext())")
            }
            code = code << 4 | digit
            index += 1
        }
        return code
    }
}
