/// The state of any method: one case per concrete state, so that a run stays a plain,
/// Codable value (the JSON names the method) and each step dispatches statically.
public enum AnySolverState: Sendable, Codable, Equatable {
    case gradientDescent(GradientDescentState)
    case momentum(MomentumState)
    case nesterov(NesterovState)
    case adagrad(AdagradState)
    case rmsprop(RMSPropState)
    case adam(Adam)
    case nelderMead(NelderMeadState)
    case simulatedAnnealing(SimulatedAnnealingState)
    case cmaes(CMAESState)
    case lbfgs(LBFGSState)

    /// A fresh state of `method` at `start`; `parameters` set hyper-parameters (unknown keys
    /// and bad values throw) and `seed` feeds the stochastic methods.
    public init(method: SolverMethod, start: SIMD2<Double>, parameters: [String: Double] = [:],
                seed: UInt64 = 1) throws(SolverParameterError) {
        switch method {
        case .gradientDescent: self = .gradientDescent(try GradientDescentState(start: start, parameters: parameters))
        case .momentum: self = .momentum(try MomentumState(start: start, parameters: parameters))
        case .nesterov: self = .nesterov(try NesterovState(start: start, parameters: parameters))
        case .adagrad: self = .adagrad(try AdagradState(start: start, parameters: parameters))
        case .rmsprop: self = .rmsprop(try RMSPropState(start: start, parameters: parameters))
        case .adam: self = .adam(try Adam(start: start, parameters: parameters))
        case .nelderMead: self = .nelderMead(try NelderMeadState(start: start, parameters: parameters))
        case .simulatedAnnealing:
            self = .simulatedAnnealing(try SimulatedAnnealingState(start: start, parameters: parameters, seed: seed))
        case .cmaes: self = .cmaes(try CMAESState(start: start, parameters: parameters, seed: seed))
        case .lbfgs: self = .lbfgs(try LBFGSState(start: start, parameters: parameters))
        }
    }

    /// The hyper-parameter names `method` accepts.
    public static func parameterNames(of method: SolverMethod) -> [String] {
        switch method {
        case .gradientDescent: GradientDescentState.parameterNames
        case .momentum: MomentumState.parameterNames
        case .nesterov: NesterovState.parameterNames
        case .adagrad: AdagradState.parameterNames
        case .rmsprop: RMSPropState.parameterNames
        case .adam: Adam.parameterNames
        case .nelderMead: NelderMeadState.parameterNames
        case .simulatedAnnealing: SimulatedAnnealingState.parameterNames
        case .cmaes: CMAESState.parameterNames
        case .lbfgs: LBFGSState.parameterNames
        }
    }

    /// The parameters of `method` that take a name rather than a number, with their names in the
    /// order of their index (scenario files give the name; the state reads the index).
    public static func choices(of method: SolverMethod) -> [String: [String]] {
        switch method {
        case .nelderMead: ["initialSimplex": NelderMeadState.initialSimplexChoices]
        case .cmaes: ["variant": CMAESState.variantChoices]
        default: [:]
        }
    }

    /// The parameters of `method` that are switches (true/false in scenario files, 1/0 to the state).
    public static func switches(of method: SolverMethod) -> [String] {
        method == .simulatedAnnealing ? ["polish"] : []
    }

    /// The wrapped state, as the protocol.
    public var state: any SolverState {
        switch self {
        case .gradientDescent(let s): s
        case .momentum(let s): s
        case .nesterov(let s): s
        case .adagrad(let s): s
        case .rmsprop(let s): s
        case .adam(let s): s
        case .nelderMead(let s): s
        case .simulatedAnnealing(let s): s
        case .cmaes(let s): s
        case .lbfgs(let s): s
        }
    }

    /// The method of the wrapped state.
    public var method: SolverMethod { type(of: state).method }

    /// The wrapped state's current point.
    public var point: SIMD2<Double> { state.point }

    /// One iteration of the wrapped state, in place: the payload is moved out of `self` (not
    /// copied), so arrays it holds stay uniquely referenced and are not copied on write.
    public mutating func step(on objective: Objective) {
        switch consume self {
        case .gradientDescent(var s): s.step(on: objective); self = .gradientDescent(s)
        case .momentum(var s): s.step(on: objective); self = .momentum(s)
        case .nesterov(var s): s.step(on: objective); self = .nesterov(s)
        case .adagrad(var s): s.step(on: objective); self = .adagrad(s)
        case .rmsprop(var s): s.step(on: objective); self = .rmsprop(s)
        case .adam(var s): s.step(on: objective); self = .adam(s)
        case .nelderMead(var s): s.step(on: objective); self = .nelderMead(s)
        case .simulatedAnnealing(var s): s.step(on: objective); self = .simulatedAnnealing(s)
        case .cmaes(var s): s.step(on: objective); self = .cmaes(s)
        case .lbfgs(var s): s.step(on: objective); self = .lbfgs(s)
        }
    }

    /// Up to `steps` steps of `progress`'s loop on the wrapped state (see `SolverProgress.run`).
    /// The enum is switched on once per call: the payload is moved out of `self` for the whole
    /// loop, which is compiled for its concrete type, and moved back at the end.
    @inline(__always)
    mutating func advance(_ progress: inout SolverProgress, steps: Int, on objective: Objective, keepingPath: Bool = true,
                          _ observe: (SolverIterate) -> Void) {
        switch consume self {
        case .gradientDescent(var s): progress.run(steps, of: &s, on: objective, keepingPath: keepingPath, observe); self = .gradientDescent(s)
        case .momentum(var s): progress.run(steps, of: &s, on: objective, keepingPath: keepingPath, observe); self = .momentum(s)
        case .nesterov(var s): progress.run(steps, of: &s, on: objective, keepingPath: keepingPath, observe); self = .nesterov(s)
        case .adagrad(var s): progress.run(steps, of: &s, on: objective, keepingPath: keepingPath, observe); self = .adagrad(s)
        case .rmsprop(var s): progress.run(steps, of: &s, on: objective, keepingPath: keepingPath, observe); self = .rmsprop(s)
        case .adam(var s): progress.run(steps, of: &s, on: objective, keepingPath: keepingPath, observe); self = .adam(s)
        case .nelderMead(var s): progress.run(steps, of: &s, on: objective, keepingPath: keepingPath, observe); self = .nelderMead(s)
        case .simulatedAnnealing(var s): progress.run(steps, of: &s, on: objective, keepingPath: keepingPath, observe); self = .simulatedAnnealing(s)
        case .cmaes(var s): progress.run(steps, of: &s, on: objective, keepingPath: keepingPath, observe); self = .cmaes(s)
        case .lbfgs(var s): progress.run(steps, of: &s, on: objective, keepingPath: keepingPath, observe); self = .lbfgs(s)
        }
    }
}
