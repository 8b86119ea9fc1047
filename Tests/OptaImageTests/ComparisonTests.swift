import Testing
@testable import OptaImage

/// A test canvas: `background(x, y)` everywhere.
func canvas(_ width: Int, _ height: Int, _ background: (Int, Int) -> (UInt8, UInt8, UInt8)) -> RGBAImage {
    var bytes = [UInt8]()
    for y in 0..<height { for x in 0..<width { let c = background(x, y); bytes += [c.0, c.1, c.2, 255] } }
    return RGBAImage(width: width, height: height, bytes: bytes)
}

func setPixel(_ image: inout RGBAImage, _ x: Int, _ y: Int, _ c: (UInt8, UInt8, UInt8)) {
    let i = (y * image.width + x) * 4
    image.bytes[i] = c.0; image.bytes[i + 1] = c.1; image.bytes[i + 2] = c.2; image.bytes[i + 3] = 255
}

let lenient = GoldenTolerance(threshold: 0.1, maxDifferentPixels: 5)
let uniform: @Sendable (Int, Int) -> (UInt8, UInt8, UInt8) = { _, _ in (20, 30, 60) }
let gradient: @Sendable (Int, Int) -> (UInt8, UInt8, UInt8) = { x, y in (UInt8(x * 6), UInt8(y * 6), 90) }

@Test func identicalImagesMatchExactly() throws {
    let a = canvas(32, 32, gradient)
    let d = try ImageComparator.compare(expected: a, actual: a, tolerance: .exact)
    #expect(d.identical && d.isWithin(.exact))
}

@Test func sizeMismatchCannotBeCompared() {
    #expect(throws: ComparisonError.self) {
        try ImageComparator.compare(expected: canvas(4, 4, uniform), actual: canvas(5, 4, uniform), tolerance: lenient)
    }
}

@Test func smallColourChangesStayUnderTheThreshold() throws {
    let a = canvas(16, 16, gradient)
    var b = a
    for i in stride(from: 0, to: b.bytes.count, by: 4) { b.bytes[i] = b.bytes[i] &+ 1 }
    let d = try ImageComparator.compare(expected: a, actual: b, tolerance: lenient)
    #expect(!d.identical && d.differentPixels == 0)
    #expect(try !ImageComparator.compare(expected: a, actual: b, tolerance: .exact).isWithin(.exact))
}

@Test(arguments: ["uniform", "gradient"])
func aMissingOnePixelLineIsNeverExcused(background: String) throws {
    let bg = background == "uniform" ? uniform : gradient
    let without = canvas(40, 40, bg)
    for orientation in ["horizontal", "vertical", "diagonal"] {
        var with = without
        for i in 5..<35 {
            switch orientation {
            case "horizontal": setPixel(&with, i, 20, (255, 255, 255))
            case "vertical": setPixel(&with, 20, i, (255, 255, 255))
            default: setPixel(&with, i, i, (255, 255, 255))
            }
        }
        let d = try ImageComparator.compare(expected: with, actual: without, tolerance: lenient)
        #expect(d.differentPixels == 30, "\(orientation) line on \(background): \(d.summary)")
        #expect(!d.isWithin(lenient))
    }
}

@Test func aLineMovedByOnePixelIsReported() throws {
    var a = canvas(40, 40, uniform), b = canvas(40, 40, uniform)
    for x in 5..<35 { setPixel(&a, x, 20, (250, 250, 250)); setPixel(&b, x, 21, (250, 250, 250)) }
    let d = try ImageComparator.compare(expected: a, actual: b, tolerance: lenient)
    #expect(d.differentPixels >= 60)
}

@Test func antialiasedEdgeShiftsAreExcused() throws {
    // A dark square on light ground whose left edge pixels are blended differently.
    func square(_ edge: UInt8) -> RGBAImage {
        var img = canvas(30, 30) { _, _ in (240, 240, 240) }
        for y in 8..<22 {
            for x in 8..<22 { setPixel(&img, x, y, (10, 10, 10)) }
            setPixel(&img, 7, y, (edge, edge, edge))
        }
        return img
    }
    let d = try ImageComparator.compare(expected: square(200), actual: square(90), tolerance: lenient)
    #expect(d.differentPixels == 0)
    #expect(d.antialiasedPixels > 0)
    let strict = GoldenTolerance(threshold: 0.1, maxDifferentPixels: 0, excuseAntialiasing: false)
    #expect(try ImageComparator.compare(expected: square(200), actual: square(90), tolerance: strict).differentPixels > 0)
}

@Test func differenceReportsWhereAndHowMuch() throws {
    let a = canvas(20, 10, uniform)
    var b = a
    setPixel(&b, 3, 4, (255, 0, 0)); setPixel(&b, 12, 7, (255, 0, 0))
    let d = try ImageComparator.compare(expected: a, actual: b, tolerance: lenient)
    #expect(d.differentPixels == 2)
    #expect(d.differenceBounds! == (3, 4, 12, 7))
    #expect(d.maxDelta > 0.1 && d.maxDelta <= 1)
    #expect(d.diffImage.pixel(3, 4) == (255, 0, 0, 255))
    #expect(d.summary.contains("2 differing pixels"))
}
