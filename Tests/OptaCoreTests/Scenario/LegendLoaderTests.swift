import Foundation
import Testing
@testable import OptaCore

/// `axes.legend`: true, false, or an object with a position.
@Suite struct LegendLoaderTests {
    func axes(_ legend: String) throws(ScenarioError) -> AxesSpec {
        try ScenarioLoader.parse(Data(#"{"version": 1, "landscape": {"function": "booth"}, "axes": {"legend": \#(legend)}}"#.utf8)).axes
    }

    func error(_ legend: String) -> String? {
        do { _ = try axes(legend); return nil } catch { return error.description }
    }

    @Test func aBooleanShowsOrHidesItAtTheBestPlace() throws {
        #expect(try axes("true").legend && axes("true").legendPosition == .best)
        #expect(try !axes("false").legend)
        let defaults = try ScenarioLoader.parse(Data(#"{"version": 1, "landscape": {"function": "booth"}}"#.utf8)).axes
        #expect(defaults.legend && defaults.legendPosition == .best)
    }

    @Test(arguments: LegendPosition.allCases) func anObjectNamesThePosition(position: LegendPosition) throws {
        let spec = try axes(#"{"position": "\#(position.rawValue)"}"#)
        #expect(spec.legend && spec.legendPosition == position)
    }

    @Test func anEmptyObjectShowsItAtTheBestPlace() throws {
        let spec = try axes("{}")
        #expect(spec.legend && spec.legendPosition == .best)
    }

    @Test func mistakesNameThePathAndWhatIsAllowed() {
        #expect(error(#"{"position": "top"}"#)
            == #"axes.legend.position must be one of "best", "upper right", "upper left", "lower left", "lower right", "outside", got "top""#)
        #expect(error(#"{"place": "best"}"#) == "axes.legend.place is not a known field; allowed here: position")
        #expect(error(#""upper left""#)
            == #"axes.legend must be true, false or an object such as {"position": "upper left"}, got a string"#)
        #expect(error(#"{"position": 1}"#) == "axes.legend.position must be a string, got a number")
    }
}
