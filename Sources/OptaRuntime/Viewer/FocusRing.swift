import OptaA11y
import OptaCore
import OptaRaster

/// Keyboard focus over the accessibility tree: which node Tab, Shift-Tab and the jump keys have
/// reached, the ring drawn around it, and the sentence a screen reader would say for it.
public enum FocusRing {
    /// The nodes focus moves through, in reading order: everything with bounds but the document.
    public static func focusable(_ tree: AccessibilityTree) -> [AccessibilityNode] {
        tree.allNodes.filter { $0.bounds != nil && $0.id != "document" }
    }

    /// The focused node for a focus position, if the tree has any items: the anchor node, or when
    /// this frame has no node with that id, its nearest ancestor by id that it has (a turn no longer
    /// among a path's sharpest falls back to the path), else the first item; then `offset` places
    /// on in reading order, wrapping.
    public static func node(at position: FocusPosition, in tree: AccessibilityTree) -> AccessibilityNode? {
        let nodes = focusable(tree)
        guard !nodes.isEmpty else { return nil }
        let base = position.anchor.flatMap { index(of: $0, orAncestorIn: nodes) } ?? 0
        let i = base + position.offset
        return nodes[((i % nodes.count) + nodes.count) % nodes.count]
    }

    /// The index in `nodes` of `id`, or of its nearest ancestor by id (`path/Adam/point/37` →
    /// `path/Adam`) that is there.
    static func index(of id: String, orAncestorIn nodes: [AccessibilityNode]) -> Int? {
        var candidate = Substring(id)
        while !candidate.isEmpty {
            if let i = nodes.firstIndex(where: { $0.id == candidate }) { return i }
            guard let slash = candidate.lastIndex(of: "/") else { return nil }
            candidate = candidate[..<slash]
        }
        return nil
    }

    /// A two-tone ring (dark outside, white inside) just outside the node's bounds: visible on
    /// light and dark parts of the picture alike.
    public static func items(around node: AccessibilityNode) -> [DrawItem] {
        guard let b = node.bounds else { return [] }
        var items: [DrawItem] = []
        for (inset, width, color) in [(Float(4), Float(3), RGBA(0.05, 0.05, 0.1)), (Float(2), Float(1.5), RGBA(1, 1, 1))] {
            let x0 = Float(b.x) - inset, y0 = Float(b.y) - inset
            let x1 = Float(b.maxX) + inset, y1 = Float(b.maxY) + inset
            items.append(.polyline(points: [SIMD2(x0, y0), SIMD2(x1, y0), SIMD2(x1, y1), SIMD2(x0, y1), SIMD2(x0, y0)],
                                   width: width, color: color))
        }
        return items
    }

    /// What to say for the node at a verbosity: `low` its name and value, `medium` also its
    /// description, `high` everything the tree knows — its role first, then its facts (the
    /// attributes) and where it is drawn.
    public static func sentence(for node: AccessibilityNode, verbosity: Verbosity = .medium) -> String {
        var parts = [node.name, node.value]
        if verbosity != .low { parts.append(node.description) }
        var sentence = parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
        guard verbosity == .high else { return sentence }
        sentence = node.role.rawValue.replacingOccurrences(of: "-", with: " ") + " " + sentence
        let facts = node.attributes.sorted { $0.key < $1.key }.map { key, value in
            "\(key) " + (Double(value).map(A11yNumber.format) ?? value)
        }
        if !facts.isEmpty { sentence += "; " + facts.joined(separator: ", ") }
        if let b = node.bounds {
            sentence += "; drawn at pixel \(A11yNumber.format(b.x)), \(A11yNumber.format(b.y)), "
                + "\(A11yNumber.format(b.width)) by \(A11yNumber.format(b.height))"
        }
        return sentence
    }
}
