/// Draw items in painter's order: later items are drawn on top. Equal lists draw the same pixels
/// (a list can key a kept layer: `FrameLayer.vector(_:cacheKey:)`).
public struct DrawList: Sendable, Equatable {
    public var items: [DrawItem]

    public init() { items = [] }

    public init(_ items: [DrawItem]) { self.items = items }

    public mutating func append(_ item: DrawItem) { items.append(item) }

    public mutating func reserveCapacity(_ n: Int) { items.reserveCapacity(n) }

    public var count: Int { items.count }
    public var isEmpty: Bool { items.isEmpty }
}
