import OptaA11y
import OptaRaster

/// Keyboard focus over the accessibility tree: which node Tab and Shift-Tab have reached, the ring
/// drawn around it, and the sentence a screen reader would say for it.
public enum FocusRing {
    /// The nodes focus moves through, in reading order: everything with bounds but the document.
    public static func focusable(_ tree: AccessibilityTree) -> [AccessibilityNode] {
        tree.allNodes.filter { $0.bounds != nil && $0.id != "document" }
    }

    /// The focused node for a focus index (which wraps around), if the tree has any.
    public static func node(at index: Int, in tree: AccessibilityTree) -> AccessibilityNode? {
        let nodes = focusable(tree)
        guard !nodes.isEmpty else { return nil }
        return nodes[((index % nodes.count) + nodes.count) % nodes.count]
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

    /// What to say for the node: its name, value and description.
    public static func sentence(for node: AccessibilityNode) -> String {
        [node.name, node.value, node.description].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
    }
}
