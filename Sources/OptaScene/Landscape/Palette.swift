import OptaRaster

/// Colours for trajectories: the Okabe–Ito qualitative palette, distinguishable with the
/// common colour-vision deficiencies. Orange comes first.
public enum Palette {
    public static let okabeIto: [RGBA] = [
        RGBA(0.902, 0.624, 0.000),  // orange
        RGBA(0.337, 0.706, 0.914),  // sky blue
        RGBA(0.000, 0.620, 0.451),  // bluish green
        RGBA(0.941, 0.894, 0.259),  // yellow
        RGBA(0.000, 0.447, 0.698),  // blue
        RGBA(0.835, 0.369, 0.000),  // vermillion
        RGBA(0.800, 0.475, 0.655),  // reddish purple
    ]

    /// The palette colour for the path at `index`, cycling.
    public static func color(_ index: Int) -> RGBA { okabeIto[index % okabeIto.count] }

    /// A path's or solver's colour: its own `components` (RGBA in 0…1) when the scenario gives
    /// them, else the palette colour for `index`.
    public static func color(_ components: [Double]?, orPaletteAt index: Int) -> RGBA {
        guard let c = components else { return color(index) }
        return RGBA(Float(c[0]), Float(c[1]), Float(c[2]), Float(c[3]))
    }
}
