extension BuiltinFunction {
    /// The usual plotting domain.
    public var defaultDomain: Domain {
        switch self {
        case .rosenbrock: Domain(x: -2...2, y: -1...3)
        case .himmelblau, .ackley, .styblinskiTang: Domain(x: -5...5, y: -5...5)
        case .rastrigin: Domain(x: -5.12...5.12, y: -5.12...5.12)
        case .beale: Domain(x: -4.5...4.5, y: -4.5...4.5)
        case .booth, .matyas, .levi13: Domain(x: -10...10, y: -10...10)
        case .goldsteinPrice: Domain(x: -2...2, y: -2...2)
        case .sixHumpCamel: Domain(x: -3...3, y: -2...2)
        case .eggholder: Domain(x: -512...512, y: -512...512)
        case .threeHumpCamel: Domain(x: -2...2, y: -2...2)
        // The well around (π, π) is about 2 wide on a plateau of 0: the usual [−100, 100]² shows nothing.
        case .easom: Domain(x: -1...7, y: -1...7)
        case .mccormick: Domain(x: -1.5...4, y: -3...4)
        }
    }

    /// All global minima, with their published values.
    public var minima: [KnownMinimum] {
        switch self {
        case .rosenbrock: [KnownMinimum(1, 1, 0)]
        case .himmelblau:
            [
                KnownMinimum(3, 2, 0),
                KnownMinimum(-2.805118086952745, 3.131312518250573, 0),
                KnownMinimum(-3.779310253377747, -3.283185991286170, 0),
                KnownMinimum(3.584428340330492, -1.848126526964404, 0),
            ]
        case .rastrigin, .ackley, .matyas: [KnownMinimum(0, 0, 0)]
        case .beale: [KnownMinimum(3, 0.5, 0)]
        case .booth: [KnownMinimum(1, 3, 0)]
        case .goldsteinPrice: [KnownMinimum(0, -1, 3)]
        case .sixHumpCamel:
            [
                KnownMinimum(0.08984201310031807, -0.7126564030207396, -1.0316284534898774),
                KnownMinimum(-0.08984201310031807, 0.7126564030207396, -1.0316284534898774),
            ]
        case .styblinskiTang:
            [KnownMinimum(-2.903534027771177, -2.903534027771177, -78.33233140754282)]
        case .levi13: [KnownMinimum(1, 1, 0)]
        case .eggholder: [KnownMinimum(512, 404.2319, -959.6407)]
        case .threeHumpCamel: [KnownMinimum(0, 0, 0)]
        case .easom: [KnownMinimum(Double.pi, Double.pi, -1)]
        case .mccormick:
            // ∇f = 0 where cos(x + y) = −1/2 and x − y = 1: x + y = −2π/3.
            [KnownMinimum(-Double.pi / 3 + 0.5, -Double.pi / 3 - 0.5, -1.9132229549810362)]
        }
    }
}
