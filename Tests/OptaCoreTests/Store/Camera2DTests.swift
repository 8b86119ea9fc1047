import Testing
@testable import OptaCore

@Suite("Camera2D")
struct Camera2DTests {
    /// Home domain 8 wide, 2 high.
    let home = Domain(x: -4...4, y: -1...1)

    @Test func showingADomainShowsExactlyIt() {
        let camera = Camera2D(showing: Domain(x: -2...6, y: 10...11))
        #expect(camera.center == SIMD2(2, 10.5))
        #expect(camera.zoom == 1)
        #expect(camera.visibleDomain(home: Domain(x: -2...6, y: 10...11)) == Domain(x: -2...6, y: 10...11))
    }

    @Test func panningPastTheLargestNumberKeepsTheViewFinite() {
        // A replayed trace or a library host can ask for any amount; the view must stay finite.
        let camera = Camera2D(center: SIMD2(1, 0.5), zoom: 2)
        let far = camera.panned(by: SIMD2(1e308, -1e308), home: home)
        #expect(far.center.x.isFinite && far.center.y.isFinite)
        let farther = far.panned(by: SIMD2(-1e308 / 360, 1e308 / 360), home: home)
        let visible = farther.visibleDomain(home: home)  // traps if an edge is NaN
        #expect(visible.x.lowerBound.isFinite && visible.y.upperBound.isFinite)
        // An infinite pan stops at the pan limit, a finite distance from home.
        let endless = camera.panned(by: SIMD2(.infinity, 0), home: home)
        #expect(endless.center.x.isFinite && endless.center.x > camera.center.x && endless.center.y == camera.center.y)
    }

    @Test func zoomShrinksTheVisibleSizeByTheFactor() {
        let camera = Camera2D(center: SIMD2(1, 0.5), zoom: 2)
        let visible = camera.visibleDomain(home: home)
        #expect(visible == Domain(x: -1...3, y: 0...1))
    }

    @Test(arguments: [
        (2.0, SIMD2(0.5, 0.5)), (2.0, SIMD2(0.0, 0.0)), (0.25, SIMD2(1.0, 1.0)),
        (3.7, SIMD2(0.1, 0.9)), (1.25, SIMD2(0.8, 0.3)), (0.6, SIMD2(-0.5, 1.5)),
    ])
    func zoomKeepsTheAnchorPointFixedInViewFractions(factor: Double, anchor: SIMD2<Double>) {
        let before = Camera2D(center: SIMD2(0.7, -0.2), zoom: 1.5)
        let beforeDomain = before.visibleDomain(home: home)
        let fixed = pointAt(anchor, in: beforeDomain)
        let after = before.zoomed(by: factor, about: anchor, home: home)
        let afterDomain = after.visibleDomain(home: home)
        #expect(storeNear(after.zoom, 1.5 * factor))
        // The same domain point sits at the same fraction of the view…
        #expect(storeNear(fractionOf(fixed, in: afterDomain), anchor, 1e-12))
        // …and the view is 1/factor as large.
        #expect(storeNear(extent(afterDomain), extent(beforeDomain) / factor))
    }

    @Test func zoomAboutTheCentreKeepsTheCentre() {
        let camera = Camera2D(center: SIMD2(0.7, -0.2), zoom: 1.5)
        let zoomed = camera.zoomed(by: 4, about: SIMD2(0.5, 0.5), home: home)
        #expect(storeNear(zoomed.center, camera.center))
        #expect(zoomed.zoom == 6)
    }

    @Test func zoomAboutACornerMovesTheCentreTowardIt() {
        // View x −1…3, y 0…1; zooming ×2 about the bottom-left keeps (−1, 0) there: view x −1…1, y 0…0.5.
        let camera = Camera2D(center: SIMD2(1, 0.5), zoom: 2)
        let zoomed = camera.zoomed(by: 2, about: SIMD2(0, 0), home: home)
        #expect(zoomed.zoom == 4)
        #expect(storeNear(zoomed.visibleDomain(home: home), Domain(x: -1...1, y: 0...0.5)))
    }

    @Test(arguments: [0.0, -1.0, -0.5, Double.nan, Double.infinity, -Double.infinity])
    func nonPositiveOrNonFiniteFactorsAreIgnored(factor: Double) {
        let camera = Camera2D(center: SIMD2(0.7, -0.2), zoom: 1.5)
        #expect(camera.zoomed(by: factor, about: SIMD2(0.2, 0.8), home: home) == camera)
    }

    @Test func zoomClampsToTheUpperEndOfZoomRange() {
        let camera = Camera2D(center: SIMD2(0.7, -0.2), zoom: 2)
        let anchor = SIMD2(0.25, 0.75)
        let fixed = pointAt(anchor, in: camera.visibleDomain(home: home))
        let zoomed = camera.zoomed(by: 1e9, about: anchor, home: home)
        #expect(zoomed.zoom == Camera2D.zoomRange.upperBound)
        // Clamped, the anchor still stays put.
        #expect(storeNear(fractionOf(fixed, in: zoomed.visibleDomain(home: home)), anchor, 1e-6))
        // At the limit, zooming further in changes nothing (up to rounding).
        let again = zoomed.zoomed(by: 10, about: anchor, home: home)
        #expect(again.zoom == Camera2D.zoomRange.upperBound)
        #expect(storeNear(again.center, zoomed.center, 1e-15))
    }

    @Test func zoomClampsToTheLowerEndOfZoomRange() {
        let camera = Camera2D(center: SIMD2(0.7, -0.2), zoom: 0.5)
        let anchor = SIMD2(0.9, 0.1)
        let fixed = pointAt(anchor, in: camera.visibleDomain(home: home))
        let zoomed = camera.zoomed(by: 1e-9, about: anchor, home: home)
        #expect(zoomed.zoom == Camera2D.zoomRange.lowerBound)
        #expect(storeNear(fractionOf(fixed, in: zoomed.visibleDomain(home: home)), anchor, 1e-9))
        #expect(zoomed.zoomed(by: 0.5, about: anchor, home: home).zoom == Camera2D.zoomRange.lowerBound)
    }

    @Test(arguments: [SIMD2(0.25, -0.5), SIMD2(-1.0, 2.0), SIMD2(0.1, 0.0), SIMD2(0.0, 0.3)])
    func panMovesByThatFractionOfTheVisibleSize(fraction: SIMD2<Double>) {
        let camera = Camera2D(center: SIMD2(1, 0.5), zoom: 2)
        let before = camera.visibleDomain(home: home)  // 4 × 1
        let panned = camera.panned(by: fraction, home: home)
        let after = panned.visibleDomain(home: home)
        #expect(panned.zoom == camera.zoom)
        #expect(storeNear(SIMD2(after.x.lowerBound, after.y.lowerBound) - SIMD2(before.x.lowerBound, before.y.lowerBound),
                          fraction * SIMD2(4, 1)))
        #expect(storeNear(extent(after), extent(before)))
    }

    @Test func panAtHigherZoomMovesLessDomain() {
        let near = Camera2D(center: .zero, zoom: 8).panned(by: SIMD2(0.5, 0.5), home: home)
        let far = Camera2D(center: .zero, zoom: 1).panned(by: SIMD2(0.5, 0.5), home: home)
        #expect(near.center == SIMD2(0.5, 0.125))
        #expect(far.center == SIMD2(4, 1))
    }
}
