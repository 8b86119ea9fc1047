import Testing
@testable import OptaCore

@Suite("Built-in functions")
struct BuiltinFunctionTests {
    @Test("value at every known minimum equals the published value", arguments: BuiltinFunction.allCases)
    func minimumValues(function: BuiltinFunction) {
        #expect(!function.minima.isEmpty)
        for minimum in function.minima {
            let value = function.value(minimum.point)
            #expect(close(value, minimum.value, relative: 1e-4, absolute: 1e-6),
                    "\(function) at \(minimum.point): \(value) vs \(minimum.value)")
        }
    }

    @Test("gradient vanishes at interior minima", arguments: BuiltinFunction.allCases)
    func gradientAtMinima(function: BuiltinFunction) {
        // Eggholder's global minimum lies on the domain boundary, where the gradient is not zero.
        guard function != .eggholder else { return }
        for minimum in function.minima {
            let g = function.gradient(minimum.point)
            #expect(abs(g.x) < 1e-5 && abs(g.y) < 1e-5, "\(function) at \(minimum.point): \(g)")
        }
    }

    @Test("minima lie in the default domain", arguments: BuiltinFunction.allCases)
    func minimaInDomain(function: BuiltinFunction) {
        let domain = function.defaultDomain
        for minimum in function.minima {
            #expect(domain.x.contains(minimum.point.x) && domain.y.contains(minimum.point.y))
        }
    }

    @Test("analytic gradient matches central differences", arguments: BuiltinFunction.allCases)
    func gradientMatchesFiniteDifferences(function: BuiltinFunction) {
        var rng = SeededGenerator(seed: UInt64(function.rawValue.utf8.count) * 7919)
        let domain = function.defaultDomain
        for _ in 0..<6 {
            let p = SIMD2(Double.random(in: domain.x, using: &rng), Double.random(in: domain.y, using: &rng))
            let analytic = function.gradient(p)
            let numeric = finiteDifference(p, function.value)
            #expect(close(analytic, numeric, relative: 1e-4, absolute: 1e-4),
                    "\(function) at \(p): \(analytic) vs \(numeric)")
        }
    }

    @Test func ackleyGradientAtOriginIsZero() {
        #expect(BuiltinFunction.ackley.gradient(.zero) == .zero)
    }

    @Test func namesAndMinimaCounts() {
        #expect(BuiltinFunction.rosenbrock.displayName == "Rosenbrock")
        #expect(BuiltinFunction.goldsteinPrice.displayName == "Goldstein–Price")
        #expect(BuiltinFunction.sixHumpCamel.displayName == "Six-hump camel")
        #expect(BuiltinFunction.levi13.displayName == "Lévi N.13")
        #expect(BuiltinFunction(rawValue: "styblinski-tang") == .styblinskiTang)
        #expect(BuiltinFunction.rosenbrock.formula == "(1 − x)² + 100 (y − x²)²")
        #expect(BuiltinFunction.rosenbrock.defaultDomain == Domain(x: -2...2, y: -1...3))
        #expect(BuiltinFunction.himmelblau.minima.count == 4)
        #expect(BuiltinFunction.sixHumpCamel.minima.count == 2)
        #expect(BuiltinFunction.styblinskiTang.minima.count == 1)
        #expect(BuiltinFunction.eggholder.minima == [KnownMinimum(point: SIMD2(512, 404.2319), value: -959.6407)])
        #expect(BuiltinFunction.allCases.count == 15)
        for function in BuiltinFunction.allCases {
            #expect(!function.formula.isEmpty && !function.displayName.isEmpty)
        }
    }
}
