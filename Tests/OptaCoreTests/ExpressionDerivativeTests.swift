import Testing
@testable import OptaCore

@Suite("Expression derivatives")
struct ExpressionDerivativeTests {
    /// One formula per function and operator, written to be smooth near the test points.
    static let formulas = [
        "x + y", "x - y", "x * y", "x / y", "-x * y", "x^2 * y", "x^3 - y^-2", "x^0.5 + y",
        "x^y", "pow(x*x + 1, y)", "2^(x*y)", "sin(x*y)", "cos(x + y)", "tan(0.5*x)", "exp(x - y)",
        "log(x*x + y)", "sqrt(x*x + y*y)", "abs(x - 2*y)", "tanh(x*y)", "min(x, y*y)", "max(x, y*y)",
        "x^4 + y^-3 - x^2.5 + x^0", "(1-x)^2 + 100*(y-x^2)^2", "sin(x)^2 + log(1 + exp(-y)) / (2 + cos(x*y))",
    ]

    static let points: [SIMD2<Double>] = [SIMD2(0.7, 1.3), SIMD2(1.9, 0.4), SIMD2(0.35, 2.1), SIMD2(1.2, 0.9)]

    @Test("gradient matches central differences", arguments: formulas)
    func gradientMatchesFiniteDifferences(source: String) throws {
        let expression = try Expression(parsing: source)
        for p in Self.points {
            let analytic = expression.gradient(p)
            let numeric = finiteDifference(p, expression.value)
            #expect(close(analytic, numeric, relative: 1e-5, absolute: 1e-6), "\(source) at \(p): \(analytic) vs \(numeric)")
        }
    }

    @Test func constantExponentAtNegativeBase() throws {
        let square = try Expression(parsing: "x^2")
        #expect(square.gradient(SIMD2(-3, 0)) == SIMD2(-6, 0))
        let folded = try Expression(parsing: "x^(1+2)")
        #expect(folded.value(SIMD2(-2, 0)) == -8)
        #expect(folded.gradient(SIMD2(-2, 0)) == SIMD2(12, 0))
        let powCall = try Expression(parsing: "pow(x, 2)")
        #expect(powCall.gradient(SIMD2(-1.5, 0)) == SIMD2(-3, 0))
    }

    @Test func absAtZeroHasZeroDerivative() throws {
        let expression = try Expression(parsing: "abs(x) + abs(y)")
        #expect(expression.gradient(.zero) == .zero)
        #expect(expression.gradient(SIMD2(-2, 3)) == SIMD2(-1, 1))
    }

    @Test func minAndMaxFollowTheChosenBranch() throws {
        let minimum = try Expression(parsing: "min(2*x, 3*y)")
        #expect(minimum.gradient(SIMD2(1, 5)) == SIMD2(2, 0))
        #expect(minimum.gradient(SIMD2(5, 1)) == SIMD2(0, 3))
        let maximum = try Expression(parsing: "max(2*x, 3*y)")
        #expect(maximum.gradient(SIMD2(1, 5)) == SIMD2(0, 3))
    }

    @Test func logOfNegativeIsNaN() throws {
        let expression = try Expression(parsing: "log(x)")
        #expect(expression.value(SIMD2(-1, 0)).isNaN)
        #expect(expression.gradient(SIMD2(2, 0)) == SIMD2(0.5, 0))
    }
}
