/// The built-in test functions of optimization.
public enum BuiltinFunction: String, CaseIterable, Sendable {
    case rosenbrock, himmelblau, rastrigin, ackley, beale, booth
    case goldsteinPrice = "goldstein-price"
    case sixHumpCamel = "six-hump-camel"
    case styblinskiTang = "styblinski-tang"
    case matyas
    case levi13 = "levi13"
    case eggholder
    case threeHumpCamel = "three-hump-camel"
    case easom
    case mccormick

    /// The human-readable name, e.g. "Goldstein–Price".
    public var displayName: String {
        switch self {
        case .rosenbrock: "Rosenbrock"
        case .himmelblau: "Himmelblau"
        case .rastrigin: "Rastrigin"
        case .ackley: "Ackley"
        case .beale: "Beale"
        case .booth: "Booth"
        case .goldsteinPrice: "Goldstein–Price"
        case .sixHumpCamel: "Six-hump camel"
        case .styblinskiTang: "Styblinski–Tang"
        case .matyas: "Matyas"
        case .levi13: "Lévi N.13"
        case .eggholder: "Eggholder"
        case .threeHumpCamel: "Three-hump camel"
        case .easom: "Easom"
        case .mccormick: "McCormick"
        }
    }

    /// The formula as readable text.
    public var formula: String {
        switch self {
        case .rosenbrock: "(1 − x)² + 100 (y − x²)²"
        case .himmelblau: "(x² + y − 11)² + (x + y² − 7)²"
        case .rastrigin: "20 + x² − 10 cos(2πx) + y² − 10 cos(2πy)"
        case .ackley: "−20 exp(−0.2 √(0.5 (x² + y²))) − exp(0.5 (cos 2πx + cos 2πy)) + e + 20"
        case .beale: "(1.5 − x + xy)² + (2.25 − x + xy²)² + (2.625 − x + xy³)²"
        case .booth: "(x + 2y − 7)² + (2x + y − 5)²"
        case .goldsteinPrice:
            "[1 + (x + y + 1)² (19 − 14x + 3x² − 14y + 6xy + 3y²)] · [30 + (2x − 3y)² (18 − 32x + 12x² + 48y − 36xy + 27y²)]"
        case .sixHumpCamel: "(4 − 2.1x² + x⁴/3) x² + xy + (−4 + 4y²) y²"
        case .styblinskiTang: "(x⁴ − 16x² + 5x + y⁴ − 16y² + 5y) / 2"
        case .matyas: "0.26 (x² + y²) − 0.48 xy"
        case .levi13: "sin²(3πx) + (x − 1)² (1 + sin²(3πy)) + (y − 1)² (1 + sin²(2πy))"
        case .eggholder: "−(y + 47) sin √|x/2 + y + 47| − x sin √|x − (y + 47)|"
        case .threeHumpCamel: "2x² − 1.05x⁴ + x⁶/6 + xy + y²"
        case .easom: "−cos x cos y exp(−((x − π)² + (y − π)²))"
        case .mccormick: "sin(x + y) + (x − y)² − 1.5x + 2.5y + 1"
        }
    }
}
