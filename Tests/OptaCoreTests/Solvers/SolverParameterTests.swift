import Testing
@testable import OptaCore

@Suite("Solver hyper-parameters")
struct SolverParameterTests {
    @Test func unknownKeyNamesTheAllowedOnes() {
        #expect(throws: SolverParameterError.unknown(key: "lr", method: .adam,
                                                     allowed: ["beta1", "beta2", "epsilon", "learningRate"])) {
            try SolverRun(method: .adam, start: .zero, parameters: ["lr": 0.1])
        }
        let message = SolverParameterError.unknown(key: "lr", method: .adam, allowed: ["beta1", "learningRate"]).description
        #expect(message == "params.lr is not a parameter of adam; allowed: params.beta1, params.learningRate")
    }

    @Test func invalidValuesNameTheRule() throws {
        #expect(throws: SolverParameterError.invalid(key: "learningRate", value: 0, requirement: "must be > 0")) {
            try SolverRun(method: .gradientDescent, start: .zero, parameters: ["learningRate": 0])
        }
        let message = SolverParameterError.invalid(key: "learningRate", value: -1, requirement: "must be > 0").description
        #expect(message.hasPrefix("params.learningRate must be > 0"))
        #expect(throws: SolverParameterError.self) {
            try SolverRun(method: .adam, start: .zero, parameters: ["beta1": 1])
        }
        #expect(throws: SolverParameterError.self) {
            try SolverRun(method: .lbfgs, start: .zero, parameters: ["memory": 2.5])
        }
        #expect(throws: SolverParameterError.self) {
            try SolverRun(method: .momentum, start: .zero, parameters: ["learningRate": .nan])
        }
        #expect(throws: SolverParameterError.self) {
            try SolverRun(method: .nelderMead, start: .zero, parameters: ["gamma": 0.5])
        }
    }

    @Test("every method accepts its own parameter names", arguments: SolverMethod.allCases)
    func defaults(method: SolverMethod) throws {
        let names = AnySolverState.parameterNames(of: method)
        #expect(!names.isEmpty)
        let run = try SolverRun(method: method, start: SIMD2(1, 2))
        #expect(run.method == method)
        #expect(run.trajectory == [SIMD2(1, 2)])
        #expect(run.status == .running)
    }

    @Test func defaultHyperParameters() throws {
        guard case .adam(let adam) = try AnySolverState(method: .adam, start: .zero),
              case .cmaes(let cma) = try AnySolverState(method: .cmaes, start: .zero),
              case .lbfgs(let lbfgs) = try AnySolverState(method: .lbfgs, start: .zero),
              case .momentum(let momentum) = try AnySolverState(method: .momentum, start: .zero)
        else {
            Issue.record("wrong cases")
            return
        }
        #expect(adam.learningRate == 1e-3 && adam.beta1 == 0.9 && adam.beta2 == 0.999 && adam.epsilon == 1e-8)
        #expect(cma.populationSize == 6)
        #expect(lbfgs.memory == 10 && lbfgs.armijo == 1e-4 && lbfgs.curvature == 0.9)
        #expect(momentum.momentum == 0.9 && momentum.learningRate == 1e-3)
        // torch.optim's defaults (momentum's μ excepted: torch's 0 would be plain gradient descent).
        guard case .rmsprop(let rmsprop) = try AnySolverState(method: .rmsprop, start: .zero),
              case .adagrad(let adagrad) = try AnySolverState(method: .adagrad, start: .zero),
              case .gradientDescent(let sgd) = try AnySolverState(method: .gradientDescent, start: .zero),
              case .nesterov(let nesterov) = try AnySolverState(method: .nesterov, start: .zero)
        else {
            Issue.record("wrong cases")
            return
        }
        #expect(rmsprop.learningRate == 1e-2 && rmsprop.rho == 0.99 && rmsprop.epsilon == 1e-8)
        #expect(adagrad.learningRate == 1e-2 && adagrad.epsilon == 1e-10)
        #expect(sgd.learningRate == 1e-3)
        #expect(nesterov.learningRate == 1e-3 && nesterov.momentum == 0.9)
        #expect(SolverMethod(rawValue: "cma-es") == .cmaes && SolverMethod(rawValue: "nelder-mead") == .nelderMead)
    }

    @Test func namedChoicesAndSwitches() throws {
        #expect(throws: SolverParameterError.invalid(key: "initialSimplex", value: 2,
                                                     requirement: #"must be one of "scipy", "fixed""#)) {
            try SolverRun(method: .nelderMead, start: .zero, parameters: ["initialSimplex": 2])
        }
        #expect(throws: SolverParameterError.invalid(key: "polish", value: 0.5, requirement: "must be true or false")) {
            try SolverRun(method: .simulatedAnnealing, start: .zero, parameters: ["polish": 0.5])
        }
        #expect(throws: SolverParameterError.self) {
            try SolverRun(method: .lbfgs, start: .zero, parameters: ["armijo": 0.5, "curvature": 0.4])
        }
        guard case .nelderMead(let scipy) = try AnySolverState(method: .nelderMead, start: SIMD2(2, 0)),
              case .nelderMead(let fixed) = try AnySolverState(method: .nelderMead, start: SIMD2(2, 0),
                                                              parameters: ["initialSimplex": 1, "initialStep": 0.25])
        else {
            Issue.record("wrong cases")
            return
        }
        #expect(scipy.simplex == [SIMD2(2, 0), SIMD2(2.1, 0), SIMD2(2, 0.00025)])
        #expect(fixed.simplex == [SIMD2(2, 0), SIMD2(2.25, 0), SIMD2(2, 0.25)])
    }
}
