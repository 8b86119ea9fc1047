import OptaCore
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

    /// A path's or solver's colour: its own when the scenario gives one, else the palette colour
    /// for `index`.
    public static func color(_ own: SceneColor?, orPaletteAt index: Int) -> RGBA {
        own.map(RGBA.init) ?? color(index)
    }
}
