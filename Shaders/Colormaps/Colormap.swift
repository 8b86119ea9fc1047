import OptaRaster

/// A perceptually uniform colormap from its published 256-entry table.
public enum Colormap: String, CaseIterable, Sendable {
    case viridis, magma, inferno, plasma, cividis
    /// Crameri's diverging "berlin": blue – dark – red, readable with colour-vision deficiency.
    case berlin

    /// The published table, r, g, b in 0…1 for 256 steps.
    var table: [Float] {
        switch self {
        case .viridis: ColormapTables.viridis
        case .magma: ColormapTables.magma
        case .inferno: ColormapTables.inferno
        case .plasma: ColormapTables.plasma
        case .cividis: ColormapTables.cividis
        case .berlin: ColormapTables.berlin
        }
    }

    /// The colour at `t` in 0…1 (clamped), components in 0…1.
    public func color(at t: Float) -> SIMD3<Float> {
        let i = Int(max(0, min(1, t.isNaN ? 0 : t)) * 255 + 0.5) * 3
        let table = self.table
        return SIMD3(table[i], table[i + 1], table[i + 2])
    }

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
