import Foundation

extension AccessibilityTree {
    /// The tree as JSON with sorted keys (the same tree gives the same bytes).
    public func jsonData(pretty: Bool = true) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// A readable indented outline: one line per node, `role id "name": value — description [x, y, w×h]`.
    public var outline: String { outline(verbosity: .high) }

    /// The outline at a verbosity: `low` says each item's name and value, `medium` adds its role
    /// and description, `high` everything the tree knows (ids and bounds too).
    public func outline(verbosity: Verbosity) -> String {
        var lines = ["frame \(frame)"]
        func visit(_ node: AccessibilityNode, depth: Int) {
            lines.append(String(repeating: "  ", count: depth) + node.outlineLine(verbosity: verbosity))
            for child in node.children { visit(child, depth: depth + 1) }
        }
        visit(root, depth: 0)
        return lines.joined(separator: "\n") + "\n"
    }
}

extension AccessibilityNode {
    /// This node alone as one outline line.
    public var outlineLine: String { outlineLine(verbosity: .high) }

    /// This node alone as one outline line at a verbosity (see `AccessibilityTree.outline(verbosity:)`).
    public func outlineLine(verbosity: Verbosity) -> String {
        if verbosity == .low { return value.map { "\(name): \($0)" } ?? name }
        var line = verbosity == .high ? "\(role.rawValue) \(id) \"\(name)\"" : "\(role.rawValue) \"\(name)\""
        if let value { line += ": \(value)" }
        if let description { line += " — \(description)" }
        if verbosity == .high, let b = bounds {
            line += " [\(A11yNumber.plain(b.x)), \(A11yNumber.plain(b.y)), \(A11yNumber.plain(b.width))×\(A11yNumber.plain(b.height))]"
        }
        return line
    }
}

/// How much an outline, an announcement or a spoken focus says (as Olli's verbosity levels).
public enum Verbosity: String, Sendable, CaseIterable {
    /// Name and value.
    case low
    /// Role, name, value and description.
    case medium
    /// Everything: also the stable id and the bounds.
    case high
}
