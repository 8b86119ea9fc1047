/// A straight-alpha RGBA8 image as stored in PNG files: `width * height * 4` bytes, row-major.
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// R, G, B, A bytes per pixel, straight (not premultiplied) alpha.
    public var bytes: [UInt8]

    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(width > 0 && height > 0 && bytes.count == width * height * 4,
                     "RGBAImage needs width * height * 4 bytes")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// An image filled with one colour.
    public init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8, UInt8)) {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            bytes[i * 4] = fill.0; bytes[i * 4 + 1] = fill.1; bytes[i * 4 + 2] = fill.2; bytes[i * 4 + 3] = fill.3
        }
        self.init(width: width, height: height, bytes: bytes)
    }

    /// The four channels of pixel (x, y).
    public func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
    }
}
