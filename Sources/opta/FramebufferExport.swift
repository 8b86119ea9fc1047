import OptaImage
import OptaRaster

extension Framebuffer {
    /// The frame as a straight-alpha image, ready for PNG export.
    var image: RGBAImage { RGBAImage(width: width, height: height, bytes: straightRGBA()) }
}
