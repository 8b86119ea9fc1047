/// Everything one frame shows, as a tree of accessibility nodes rooted at the document.
public struct AccessibilityTree: Sendable, Equatable, Codable {
    /// The frame number the tree describes.
    public let frame: Int
    public let root: AccessibilityNode

    public init(frame: Int, root: AccessibilityNode) {
        self.frame = frame
        self.root = root
    }

    /// Every node, depth first, parents before children.
    public var allNodes: [AccessibilityNode] {
        var nodes: [AccessibilityNode] = []
        func visit(_ node: AccessibilityNode) {
            nodes.append(node)
            node.children.forEach(visit)
        }
        visit(root)
        return nodes
    }

    /// The node with this id.
    public func node(id: String) -> AccessibilityNode? {
        allNodes.first { $0.id == id }
    }

    /// The deepest node whose bounds contain the frame pixel position (x, y); among equally deep
    /// ones the smallest (the most specific). Nodes without bounds never match, their children may.
    public func hitTest(x: Double, y: Double) -> AccessibilityNode? {
        var best: (node: AccessibilityNode, depth: Int)?
        func visit(_ node: AccessibilityNode, depth: Int) {
            if let bounds = node.bounds, bounds.contains(x: x, y: y) {
                if let current = best {
                    if depth > current.depth || (depth == current.depth && bounds.area < (current.node.bounds?.area ?? .infinity)) {
                        best = (node, depth)
                    }
                } else {
                    best = (node, depth)
                }
            }
            for child in node.children { visit(child, depth: depth + 1) }
        }
        visit(root, depth: 0)
        return best?.node
    }
}
