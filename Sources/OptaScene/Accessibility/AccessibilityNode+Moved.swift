import OptaA11y

extension AccessibilityNode {
    /// The same node and children with bounds shifted by `offset` and ids under `idPrefix`
    /// (a panel's nodes placed in the whole frame).
    func moved(by offset: SIMD2<Double>, idPrefix: String) -> AccessibilityNode {
        AccessibilityNode(
            id: idPrefix + id, role: role, name: name, value: value, description: description,
            bounds: bounds.map { AccessibilityBounds(x: $0.x + offset.x, y: $0.y + offset.y, width: $0.width, height: $0.height) },
            attributes: attributes, children: children.map { $0.moved(by: offset, idPrefix: idPrefix) })
    }
}
