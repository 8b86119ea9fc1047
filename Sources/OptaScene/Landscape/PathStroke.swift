import Foundation
import OptaRaster

/// How every figure strokes a path and marks its points (the landscape, the 3D view, legends):
/// over an opaque outline `haloWidth` pixels wide in a darker or lighter shade of the path's own
/// colour, with at least `outlineContrast` (WCAG contrast) against it. So every pixel of the
/// path stands out at least 3:1 from the pixels just around it, whatever the colormap under it.
/// The outline of the whole path (line and dots) is drawn before the path itself, so a path's
/// own outline never cuts through it.
enum PathStroke {
    /// How far a path's outline reaches beyond its stroke, in pixels: enough that the first
    /// pixel wholly outside a stroke of any width is wholly outline.
    static let haloWidth: Float = 1.75

    /// The contrast a path's outline keeps with the path (above 3:1, with room for rounding).
    static let outlineContrast: Float = 3.3

    /// What an outline is shaded towards: near-black under light colours, white under dark ones.
    static let dark = RGBA(0.05, 0.05, 0.08)
    static let light = RGBA(1, 1, 1)

    /// The outline for a path of `color`: its colour moved towards whichever of dark and light
    /// contrasts more with it, just far enough for `outlineContrast`. One of the two always
    /// reaches 4.5:1 (√21), since they span the whole luminance range.
    static func outline(for color: RGBA) -> RGBA {
        let target = contrast(color, dark) >= contrast(color, light) ? dark : light
        func mixed(_ t: Float) -> RGBA {
            RGBA(color.r + (target.r - color.r) * t, color.g + (target.g - color.g) * t, color.b + (target.b - color.b) * t)
        }
        // Luminance moves one way along the mix, so the least shade that is enough is bisected.
        var enough: Float = 1, short: Float = 0
        for _ in 0..<20 {
            let t = (enough + short) / 2
            if contrast(mixed(t), color) >= outlineContrast { enough = t } else { short = t }
        }
        return mixed(enough)
    }

    /// The WCAG contrast ratio of two colours, 1…21.
    static func contrast(_ a: RGBA, _ b: RGBA) -> Float {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// WCAG relative luminance of an sRGB colour (alpha ignored).
    static func luminance(_ c: RGBA) -> Float {
        func linear(_ v: Float) -> Float { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b)
    }

    /// A path: its line `pieces` of `width` and dots of `dotRadius` at `dots`, over its outline
    /// (`haloWidth` × `scale` wide: the figure's stroke scale, as `width` already is).
    static func append(_ canvas: inout FigureCanvas, pieces: [[SIMD2<Float>]], width: Float, dots: [SIMD2<Float>] = [],
                       dotRadius: Float = 0, color: RGBA, scale: Float = 1) {
        let halo = outline(for: color)
        let haloWidth = Self.haloWidth * scale
        for piece in pieces { canvas.append(.polyline(points: piece, width: width + 2 * haloWidth, color: halo)) }
        for p in dots { canvas.append(.disk(center: p, radius: dotRadius + haloWidth, fill: halo, outlineWidth: 0, outline: halo)) }
        for piece in pieces { canvas.append(.polyline(points: piece, width: width, color: color)) }
        for p in dots { canvas.append(.disk(center: p, radius: dotRadius, fill: color, outlineWidth: 0, outline: color)) }
    }

    /// A path over a 3-D surface, as `append` draws one, from pieces of (x, y, 1/w): the line
    /// and its outline shown only where they are in front of the surface.
    static func appendDepthTested(_ canvas: inout FigureCanvas, pieces: [[SIMD3<Float>]], width: Float, color: RGBA,
                                  scale: Float = 1) {
        let halo = outline(for: color)
        for piece in pieces { canvas.append(.depthTestedPolyline(points: piece, width: width + 2 * haloWidth * scale, color: halo)) }
        for piece in pieces { canvas.append(.depthTestedPolyline(points: piece, width: width, color: color)) }
    }
}
