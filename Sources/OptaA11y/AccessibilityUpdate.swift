/// What changed between two trees, by node id: what a live screen-reader bridge sends per frame.
public struct AccessibilityUpdate: Sendable, Equatable, Codable {
    /// The frame of the newer tree.
    public let frame: Int
    /// Nodes (without children) new in the newer tree, in its depth-first order.
    public let added: [AccessibilityNode]
    /// Nodes (without children) whose own content changed, in the newer tree's order.
    public let changed: [AccessibilityNode]
    /// Ids of nodes gone from the newer tree, in the older tree's order.
    public let removed: [String]

    public var isEmpty: Bool { added.isEmpty && changed.isEmpty && removed.isEmpty }

    /// The update that turns `old` into `new`.
    public static func diff(from old: AccessibilityTree, to new: AccessibilityTree) -> AccessibilityUpdate {
        let oldNodes = old.allNodes
        let byId = Dictionary(oldNodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var added: [AccessibilityNode] = [], changed: [AccessibilityNode] = []
        var present = Set<String>()
        for node in new.allNodes {
            present.insert(node.id)
            if let before = byId[node.id] {
                if !before.sameContent(as: node) { changed.append(node.withoutChildren) }
            } else {
                added.append(node.withoutChildren)
            }
        }
        let removed = oldNodes.map(\.id).filter { !present.contains($0) }
        return AccessibilityUpdate(frame: new.frame, added: added, changed: changed, removed: removed)
    }
}
