import OptaCore
import OptaRaster

extension Colormap {
    /// The 256 colours as opaque packed pixels, for lookup in shading loops.
    public var lookupTable: ColormapLUT { ColormapLUT(self) }
}

/// A colormap as 256 opaque packed RGBA8 pixels, ready for per-pixel lookup.
public struct ColormapLUT: Sendable, Equatable {
    public let colormap: Colormap
    public let entries: [UInt32]

    public init(_ colormap: Colormap) {
        self.colormap = colormap
        let table = colormap.table
        entries = (0..<256).map { PackedColor.opaque(table[$0 * 3], table[$0 * 3 + 1], table[$0 * 3 + 2]) }
    }
}
