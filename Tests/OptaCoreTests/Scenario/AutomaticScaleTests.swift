import Foundation
import Testing
import OptaCore

/// `"scale": "auto"`, the default for formulas and grids: log only for values that are not
/// negative and span more than three decades; built-in functions keep their log default.
@Suite("Automatic colour scale")
struct AutomaticScaleTests {
    static func landscape(_ fields: String) throws -> LandscapeSpec {
        try ScenarioLoader.parse(Data(#"{"version": 1, "landscape": {\#(fields)}}"#.utf8), source: "auto.json").landscape
    }

    @Test("a formula with negative values gets a linear scale, chosen automatically")
    func signedFormulaIsLinear() throws {
        let spec = try Self.landscape(#""expression": "sin(3*x)*cos(2*y) + 0.1*(x^2+y^2)", "domain": {"x": [-3, 3], "y": [-2, 2]}"#)
        #expect(spec.scale == .linear && spec.scaleIsAutomatic)
    }

    @Test("a valley formula spanning many decades gets a log scale")
    func valleyFormulaIsLog() throws {
        let spec = try Self.landscape(#""expression": "(1-x)^2 + 100*(y-x^2)^2", "domain": {"x": [-2, 2], "y": [-1, 3]}"#)
        #expect(spec.scale == .log && spec.scaleIsAutomatic)
    }

    @Test("a bowl spanning under three decades stays linear")
    func bowlIsLinear() throws {
        let spec = try Self.landscape(#""expression": "x^2 + y^2", "domain": {"x": [-1, 1], "y": [-1, 1]}"#)
        #expect(spec.scale == .linear)
    }

    @Test("built-in functions keep log unless asked; an explicit choice is not automatic")
    func builtinsAndExplicitChoices() throws {
        let builtin = try Self.landscape(#""function": "himmelblau""#)
        #expect(builtin.scale == .log && !builtin.scaleIsAutomatic)
        let asked = try Self.landscape(#""function": "himmelblau", "scale": "auto""#)
        #expect(asked.scaleIsAutomatic)
        let explicit = try Self.landscape(#""expression": "x^2 + y^2", "domain": {"x": [-1, 1], "y": [-1, 1]}, "scale": "log""#)
        #expect(explicit.scale == .log && !explicit.scaleIsAutomatic)
    }
}
