/// What kind of thing a node is, named after the WAI-ARIA graphics roles screen readers know.
public enum AccessibilityRole: String, Sendable, Codable, CaseIterable {
    case graphicsDocument = "graphics-document"
    case graphicsObject = "graphics-object"
    case graphicsSymbol = "graphics-symbol"
    case axis
    case legend
    case colorbar
    case chart
    case series
    case dataPoint = "data-point"
    case graphNode = "graph-node"
    case graphEdge = "graph-edge"
    case status
}
