import Foundation

extension AccessibilityTree {
    /// The tree as JSON with sorted keys (the same tree gives the same bytes).
    public func jsonData(pretty: Bool = true) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// A readable indented outline: one line per node, `role id "name": value — description [x, y, w×h]`.
    public var outline: String {
        var lines = ["frame \(frame)"]
        func visit(_ node: AccessibilityNode, depth: Int) {
            lines.append(String(repeating: "  ", count: depth) + node.outlineLine)
            for child in node.children { visit(child, depth: depth + 1) }
        }
        visit(root, depth: 0)
        return lines.joined(separator: "\n") + "\n"
    }
}

extension AccessibilityNode {
    /// This node alone as one outline line.
    public var outlineLine: String {
        var line = "\(role.rawValue) \(id) \"\(name)\""
        if let value { line += ": \(value)" }
        if let description { line += " — \(description)" }
        if let b = bounds {
            line += " [\(A11yNumber.plain(b.x)), \(A11yNumber.plain(b.y)), \(A11yNumber.plain(b.width))×\(A11yNumber.plain(b.height))]"
        }
        return line
    }
}
