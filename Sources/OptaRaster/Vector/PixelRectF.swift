/// An axis-aligned rectangle in Float frame pixels: x in `x0…x1`, y in `y0…y1`.
public struct PixelRectF: Sendable, Equatable, Hashable {
    public var x0: Float, y0: Float, x1: Float, y1: Float

    public init(x0: Float, y0: Float, x1: Float, y1: Float) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
    }

    public init(x: Float, y: Float, width: Float, height: Float) {
        self.init(x0: x, y0: y, x1: x + width, y1: y + height)
    }

    public var width: Float { x1 - x0 }
    public var height: Float { y1 - y0 }
}
