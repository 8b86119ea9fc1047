/// A formula compiled to a flat list of register instructions.
struct Program: Sendable {
    enum Opcode: UInt8, Sendable {
        case constant, x, y
        case negate, sin, cos, tan, exp, log, sqrt, abs, tanh
        case add, subtract, multiply, divide, power, min, max
        /// a ^ constant, with the constant in `Instruction.constant`.
        case powerConstant
        /// a * a.
        case square
    }

    /// `dst = op(a, b)`; unused operands are 0.
    struct Instruction: Sendable {
        var op: Opcode
        var dst: Int
        var a: Int = 0
        var b: Int = 0
        var constant: Double = 0
    }

    var instructions: [Instruction]
    var registerCount: Int
    var result: Int
}

extension Program.Opcode {
    init(_ op: UnaryOperator) {
        switch op {
        case .negate: self = .negate
        case .sin: self = .sin
        case .cos: self = .cos
        case .tan: self = .tan
        case .exp: self = .exp
        case .log: self = .log
        case .sqrt: self = .sqrt
        case .abs: self = .abs
        case .tanh: self = .tanh
        }
    }

    init(_ op: BinaryOperator) {
        switch op {
        case .add: self = .add
        case .subtract: self = .subtract
        case .multiply: self = .multiply
        case .divide: self = .divide
        case .power: self = .power
        case .min: self = .min
        case .max: self = .max
        }
    }
}
