import Foundation

/// Splits CSV text the way spreadsheets, pandas and numpy write it: a UTF-8 byte-order mark is
/// dropped, lines end in LF or CRLF, fields may be double-quoted (with "" for a quote inside),
/// and the delimiter is a comma — or, for files with none on the first line, a semicolon, a tab
/// or runs of spaces (`numpy.savetxt`'s default). Blank lines and lines starting with `#` are skipped.
public enum CSVText {
    /// A line's fields with its 1-based line number in the file.
    public struct Line: Sendable {
        public let number: Int
        public let cells: [String]
    }

    public static func lines(_ bytes: [UInt8]) -> [Line] {
        // Split bytes, not Characters: in Swift "\r\n" is one Character, and a BOM may join
        // the character after it.
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        var delimiter: Character? = ","
        var chosen = false
        var out: [Line] = []
        for (n, raw) in body.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let bytes = raw.last == 0x0D ? raw.dropLast() : raw
            let trimmed = Substring(String(decoding: bytes, as: UTF8.self))
            let stripped = trimmed.trimmingCharacters(in: .whitespaces)
            if stripped.isEmpty || stripped.hasPrefix("#") { continue }
            if !chosen {
                chosen = true
                if !trimmed.contains(",") {
                    delimiter = trimmed.contains(";") ? ";" : trimmed.contains("\t") ? "\t" : nil
                }
            }
            out.append(Line(number: n + 1, cells: fields(trimmed, delimiter: delimiter)))
        }
        return out
    }

    /// The fields of one line; `nil` delimiter splits on runs of whitespace.
    static func fields(_ line: Substring, delimiter: Character?) -> [String] {
        guard let delimiter else {
            return line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { unquote($0.trimmingCharacters(in: .whitespaces)) }
        }
        var cells: [String] = []
        var current = ""
        var quoted = false
        var index = line.startIndex
        while index < line.endIndex {
            let c = line[index]
            if quoted {
                if c == "\"" {
                    let next = line.index(after: index)
                    if next < line.endIndex, line[next] == "\"" { current.append("\""); index = next } else { quoted = false }
                } else {
                    current.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == delimiter {
                cells.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(c)
            }
            index = line.index(after: index)
        }
        cells.append(current.trimmingCharacters(in: .whitespaces))
        return cells
    }

    static func unquote(_ s: String) -> String {
        s.count >= 2 && s.hasPrefix("\"") && s.hasSuffix("\"") ? String(s.dropFirst().dropLast()) : s
    }

    /// A cell as a number: decimal, `nan`/`NaN`, `inf`/`-inf`/`Infinity`; an empty cell is NaN.
    public static func number(_ cell: String) -> Double? {
        if cell.isEmpty { return .nan }
        if let v = Double(cell) { return v }
        switch cell.lowercased() {
        case "nan", "na", "n/a", "null", "none": return .nan
        case "infinity", "+infinity", "+inf": return .infinity
        case "-infinity": return -.infinity
        default: return nil
        }
    }
}
