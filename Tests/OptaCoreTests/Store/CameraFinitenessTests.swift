import Foundation
import Testing
@testable import OptaCore

/// no pan, zoom or domain may make the view non-finite (it used to trap with
/// "Range requires lowerBound <= upperBound").
@Suite struct CameraFinitenessTests {
    func expectFinite(_ d: Domain, sourceLocation: SourceLocation = #_sourceLocation) {
        for v in [d.x.lowerBound, d.x.upperBound, d.y.lowerBound, d.y.upperBound] {
            #expect(v.isFinite, "\(d)", sourceLocation: sourceLocation)
        }
    }

    @Test func panningBy1e308TwiceStaysFinite() throws {
        let trace = try Trace.parse("""
            {"frame":1,"action":{"type":"pan","by":[1e308,1e308]}}
            {"frame":2,"action":{"type":"pan","by":[1e308,1e308]}}
            {"frame":3,"action":{"type":"pan","by":[-1e308,1e308]}}
            """, source: "trace")
        var session = try HeadlessSession(scenario: DefaultScenario.scenario())
        session.replay(trace, through: 4)
        expectFinite(session.state.camera.visibleDomain(home: session.state.scenario.landscape.domain))
        expectFinite(session.renderState.scenario.landscape.domain)
    }

    @Test(arguments: [1e308, -1e308, 1e-308, 0.5, .greatestFiniteMagnitude])
    func anyPanAndZoomKeepsTheViewFinite(amount: Double) {
        let home = Domain(x: -1e300...1e300, y: -1...1)
        var camera = Camera2D(showing: home)
        for step in 0..<50 {
            camera = step % 3 == 0 ? camera.zoomed(by: step % 2 == 0 ? 1e-6 : 1e6, about: SIMD2(amount, -amount), home: home)
                : camera.panned(by: SIMD2(amount, -amount), home: home)
            expectFinite(camera.visibleDomain(home: home))
        }
    }

    @Test func aHandMadeNonFiniteCameraShowsTheHomeDomain() {
        let home = Domain(x: -1...1, y: -2...2)
        var camera = Camera2D(center: .zero)
        camera.center = SIMD2(.nan, .infinity)
        #expect(camera.visibleDomain(home: home) == home)
        #expect(Camera2D(center: SIMD2(.infinity, -.infinity), zoom: .nan).visibleDomain(home: home).x.upperBound.isFinite)
    }

    @Test func aDomainBeyond1e300IsRejectedWithItsPath() {
        let json = #"{"version":1,"landscape":{"expression":"x^2+y^2","domain":{"x":[-1e308,1e308],"y":[-1,1]}}}"#
        #expect { try ScenarioLoader.parse(Data(json.utf8)) } throws: { error in
            "\(error)".contains("landscape.domain.x") && "\(error)".contains("1e300")
        }
    }
}
