import Testing
@testable import OptaCore

/// `Expression.shifted(by:)`: the same formula less an offset, taken from a constant term where
/// the formula's top has one.
@Suite struct ExpressionShiftTests {
    @Test(arguments: ["1e6 + x*y", "x*y + 1e6", "-(2e6 - x*y)", "3 - (x - 5e5)", "sin(x) * 1e6", "x^2 + y^2"])
    func shiftedFormulasAreTheFormulaLessTheOffset(_ source: String) throws {
        let f = try Expression(parsing: source)
        let offset = 1e6
        let g = f.shifted(by: offset)
        for p in [SIMD2(0.3, -0.7), SIMD2(-1.0, 1.0), SIMD2(2.5, 0.1)] {
            #expect(abs(g.value(p) - (f.value(p) - offset)) <= 1e-9 * max(1, abs(f.value(p))), "\(source) at \(p)")
            #expect(g.gradient(p) == f.gradient(p))
        }
    }

    @Test func theConstantTermAbsorbsTheOffset() throws {
        // No node is added: the constant 1e6 becomes 0, so Float rows never form 1e6 + x·y.
        let f = try Expression(parsing: "1e6 + x*y")
        let g = f.shifted(by: 1e6)
        #expect(g.tree.nodes.count == f.tree.nodes.count)
        #expect(g.tree.nodes.contains(.number(0)))
        // A formula without one gets `− offset` appended.
        let h = try Expression(parsing: "x*y").shifted(by: 5)
        #expect(h.tree.nodes.count == 5 && h.value(SIMD2(2, 3)) == 1)
    }
}
