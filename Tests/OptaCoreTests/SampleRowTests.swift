import Foundation
import Testing
@testable import OptaCore

@Suite("Row sampling")
struct SampleRowTests {
    /// Float row output against Double `value`/`gradient`, relative to the local magnitude.
    func check(_ objective: Objective, y: Double, x0: Double, dx: Double, count: Int, tolerance: Double = 2e-3) {
        let row = SampledRow(objective, y: y, x0: x0, dx: dx, count: count)
        for i in 0..<count {
            let p = SIMD2(x0 + Double(i) * dx, y)
            let v = objective.value(p), g = objective.gradient(p)
            let scale = max(1, abs(v), abs(g.x), abs(g.y))
            let ok = abs(Double(row.values[i]) - v) <= tolerance * scale
                && abs(Double(row.gradX[i]) - g.x) <= tolerance * scale
                && abs(Double(row.gradY[i]) - g.y) <= tolerance * scale
            #expect(ok, "\(objective.displayName) at \(p): row (\(row.values[i]), \(row.gradX[i]), \(row.gradY[i])) vs \(v), \(g)")
            if !ok { return }
        }
    }

    @Test("built-ins agree with value and gradient", arguments: BuiltinFunction.allCases)
    func builtins(function: BuiltinFunction) {
        let domain = function.defaultDomain
        let count = 203
        let dx = (domain.x.upperBound - domain.x.lowerBound) / Double(count - 1)
        for y in [domain.y.lowerBound, 0.37 * domain.y.upperBound, domain.y.upperBound] {
            check(.builtin(function), y: y, x0: domain.x.lowerBound, dx: dx, count: count)
        }
    }

    @Test("expressions agree with value and gradient", arguments: ExpressionDerivativeTests.formulas)
    func expressions(source: String) throws {
        let objective = Objective.expression(try Expression(parsing: source))
        for count in [1, 7, 64, 150] {
            check(objective, y: 1.1, x0: 0.3, dx: 1.7 / Double(count), count: count)
        }
    }

    @Test func constantExpressionRow() throws {
        let objective = Objective.expression(try Expression(parsing: "pi*2"))
        let row = SampledRow(objective, y: 0, x0: 0, dx: 1, count: 70)
        #expect(row.values.allSatisfy { $0 == Float(2 * Double.pi) })
        #expect(row.gradX.allSatisfy { $0 == 0 } && row.gradY.allSatisfy { $0 == 0 })
    }

    @Test func logOfNegativeXIsNaNInRows() throws {
        let objective = Objective.expression(try Expression(parsing: "log(x)"))
        let row = SampledRow(objective, y: 0, x0: -2, dx: 0.05, count: 80)
        for i in 0..<80 {
            let x = -2 + Double(i) * 0.05
            if x < -1e-9 {
                #expect(row.values[i].isNaN, "x = \(x)")
            } else if x > 1e-9 {
                #expect(abs(Double(row.values[i]) - log(x)) < 1e-5)
                #expect(abs(Double(row.gradX[i]) - 1 / x) < 1e-4 * max(1, 1 / x))
            }
        }
    }

    @Test func rosenbrockRowMatchesExpressionRow() throws {
        let builtin = SampledRow(.builtin(.rosenbrock), y: 0.5, x0: -2, dx: 4.0 / 1919, count: 1920)
        let expression = Objective.expression(try Expression(parsing: "(1-x)^2 + 100*(y-x^2)^2"))
        let formula = SampledRow(expression, y: 0.5, x0: -2, dx: 4.0 / 1919, count: 1920)
        for i in 0..<1920 {
            let scale = max(1, abs(builtin.values[i]))
            #expect(abs(builtin.values[i] - formula.values[i]) <= 1e-4 * scale)
        }
    }

    @Test func zeroCountWritesNothing() {
        var value: Float = 7
        var gx: Float = 7
        var gy: Float = 7
        Objective.builtin(.rosenbrock).sampleRow(y: 0, x0: 0, dx: 1, count: 0, values: &value, gradX: &gx, gradY: &gy)
        #expect(value == 7 && gx == 7 && gy == 7)
    }
}
