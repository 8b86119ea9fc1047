import OptaCore
import OptaRaster

extension RGBA {
    /// A scenario's colour as figures draw it: the one place a `SceneColor` becomes an `RGBA`
    /// (components rounded to Float; already checked to lie in 0…1 by the loader).
    public init(_ color: SceneColor) {
        self.init(Float(color.red), Float(color.green), Float(color.blue), Float(color.alpha))
    }

    /// The same colour with alpha `a`.
    public func with(alpha a: Float) -> RGBA { RGBA(r, g, b, a) }
}
