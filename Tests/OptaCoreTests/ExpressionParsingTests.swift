import Foundation
import Testing
@testable import OptaCore

@Suite("Expression parsing and evaluation")
struct ExpressionParsingTests {
    func eval(_ source: String, _ x: Double = 0, _ y: Double = 0) throws -> Double {
        try Expression(parsing: source).value(SIMD2(x, y))
    }

    @Test func precedence() throws {
        #expect(try eval("2+3*4") == 14)
        #expect(try eval("(2+3)*4") == 20)
        #expect(try eval("-x^2", 3) == -9)
        #expect(try eval("2^3^2") == 512)
        #expect(try eval("2^-1") == 0.5)
        #expect(try eval("10-4-3") == 3)
        #expect(try eval("24/4/2") == 3)
        #expect(try eval("--x", 2) == 2)
        #expect(try eval("+x", 2) == 2)
        #expect(try eval("-2*3") == -6)
        #expect(try eval("2*-3") == -6)
    }

    @Test func numbers() throws {
        #expect(try eval("123") == 123)
        #expect(try eval("1.5") == 1.5)
        #expect(try eval(".5") == 0.5)
        #expect(try eval("5.") == 5)
        #expect(try eval("1e-3") == 0.001)
        #expect(try eval("2E+2") == 200)
        #expect(try eval("  x\t+ y ", 1, 2) == 3)
    }

    @Test func constants() throws {
        #expect(try eval("pi") == Double.pi)
        #expect(close(try eval("e"), 2.718281828459045, relative: 1e-15))
        #expect(close(try eval("log(e)"), 1, relative: 1e-15))
    }

    @Test func functions() throws {
        let x = 0.7, y = -1.3
        #expect(close(try eval("sin(x)", x), sin(x), relative: 1e-12))
        #expect(close(try eval("cos(x)", x), cos(x), relative: 1e-12))
        #expect(close(try eval("tan(x)", x), tan(x), relative: 1e-12))
        #expect(close(try eval("exp(x)", x), exp(x), relative: 1e-12))
        #expect(close(try eval("log(x)", x), log(x), relative: 1e-12))
        #expect(close(try eval("sqrt(x)", x), x.squareRoot(), relative: 1e-12))
        #expect(try eval("abs(y)", x, y) == 1.3)
        #expect(close(try eval("tanh(x)", x), tanh(x), relative: 1e-12))
        #expect(try eval("min(x, y)", x, y) == y)
        #expect(try eval("max(x, y)", x, y) == x)
        #expect(close(try eval("pow(x, 3)", x), x * x * x, relative: 1e-12))
        #expect(try eval("pow(y, 2)", x, y) == y * y)
        #expect(try eval("log(x)", -1).isNaN)
    }

    @Test func rosenbrockFormulaMatchesBuiltin() throws {
        let expression = try Expression(parsing: "(1-x)^2 + 100*(y-x^2)^2")
        var rng = SeededGenerator(seed: 42)
        for _ in 0..<20 {
            let p = SIMD2(Double.random(in: -2...2, using: &rng), Double.random(in: -1...3, using: &rng))
            #expect(close(expression.value(p), BuiltinFunction.rosenbrock.value(p), relative: 1e-12))
            #expect(close(expression.gradient(p), BuiltinFunction.rosenbrock.gradient(p), relative: 1e-12, absolute: 1e-9))
        }
    }

    @Test func sourceIsKept() throws {
        let expression = try Expression(parsing: "x + y")
        #expect(expression.source == "x + y")
        #expect(Objective.expression(expression).displayName == "x + y")
        #expect(Objective.expression(expression).minima.isEmpty)
        #expect(Objective.builtin(.booth).displayName == "Booth")
        #expect(Objective.builtin(.booth).minima == BuiltinFunction.booth.minima)
    }

    @Test func constantFormulas() throws {
        let expression = try Expression(parsing: "2*pi + sin(0)")
        #expect(expression.value(SIMD2(5, 5)) == 2 * Double.pi)
        #expect(expression.gradient(SIMD2(5, 5)) == .zero)
    }

    @Test func deepButLegalNesting() throws {
        let source = String(repeating: "(", count: 60) + "x" + String(repeating: ")", count: 60)
        #expect(try eval(source, 3) == 3)
        let longSum = Array(repeating: "x", count: 2000).joined(separator: "+")
        #expect(try eval(longSum, 1) == 2000)
    }
}
