/// A rectangle in frame pixels (x right, y down): where a node is drawn.
public struct AccessibilityBounds: Sendable, Equatable, Codable {
    public let x: Double
    public let y: Double
    public let width: Double
    public let height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The rectangle from corner (x0, y0) to corner (x1, y1).
    public init(x0: Double, y0: Double, x1: Double, y1: Double) {
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var area: Double { width * height }

    /// Whether the point lies inside (left and top edges included, right and bottom excluded).
    public func contains(x px: Double, y py: Double) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// Whether `other` lies wholly inside this rectangle.
    public func contains(_ other: AccessibilityBounds) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    /// The overlap with `other`, or nil when they do not overlap.
    public func intersection(_ other: AccessibilityBounds) -> AccessibilityBounds? {
        let x0 = Swift.max(x, other.x), y0 = Swift.max(y, other.y)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return AccessibilityBounds(x0: x0, y0: y0, x1: x1, y1: y1)
    }

    /// The smallest rectangle of whole pixels that holds this one.
    public var pixelAligned: AccessibilityBounds {
        AccessibilityBounds(x0: x.rounded(.down), y0: y.rounded(.down), x1: maxX.rounded(.up), y1: maxY.rounded(.up))
    }
}
