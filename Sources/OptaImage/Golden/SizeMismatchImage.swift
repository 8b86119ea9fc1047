/// The diff image of two images of different sizes: both extents on one canvas, so the mismatch is
/// visible at a glance. Where both images have pixels: the expected image, faded (as in every diff
/// image); only the expected image: blue; only the actual image: red; neither: white.
public enum SizeMismatchImage {
    /// The canvas is as wide and as high as the larger of the two in each direction.
    public static func make(expected: RGBAImage, actual: RGBAImage) -> RGBAImage {
        let width = max(expected.width, actual.width), height = max(expected.height, actual.height)
        let faded = ImageComparator.fadedCopy(expected)
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let inExpected = x < expected.width && y < expected.height
                let inActual = x < actual.width && y < actual.height
                let p = (y * width + x) * 4
                switch (inExpected, inActual) {
                case (true, true):
                    let q = (y * expected.width + x) * 4
                    bytes[p] = faded.bytes[q]; bytes[p + 1] = faded.bytes[q + 1]; bytes[p + 2] = faded.bytes[q + 2]
                case (true, false):
                    bytes[p] = 40; bytes[p + 1] = 90; bytes[p + 2] = 255
                case (false, true):
                    bytes[p] = 255; bytes[p + 1] = 40; bytes[p + 2] = 40
                case (false, false):
                    break
                }
            }
        }
        return RGBAImage(width: width, height: height, bytes: bytes)
    }
}
