extension Program {
    /// Runs the program at one point in Double precision.
    func evaluate(_ p: SIMD2<Double>) -> Dual {
        withUnsafeTemporaryAllocation(of: Dual.self, capacity: registerCount) { registers in
            let regs = registers
            regs.initialize(repeating: .constant(0))
            for ins in instructions {
                let a = regs[ins.a]
                let out: Dual
                switch ins.op {
                case .constant: out = .constant(ins.constant)
                case .x: out = Dual(value: p.x, dx: 1, dy: 0)
                case .y: out = Dual(value: p.y, dx: 0, dy: 1)
                case .negate: out = a.apply(.negate)
                case .sin: out = a.apply(.sin)
                case .cos: out = a.apply(.cos)
                case .tan: out = a.apply(.tan)
                case .exp: out = a.apply(.exp)
                case .log: out = a.apply(.log)
                case .sqrt: out = a.apply(.sqrt)
                case .abs: out = a.apply(.abs)
                case .tanh: out = a.apply(.tanh)
                case .add: out = a.apply(.add, regs[ins.b])
                case .subtract: out = a.apply(.subtract, regs[ins.b])
                case .multiply: out = a.apply(.multiply, regs[ins.b])
                case .divide: out = a.apply(.divide, regs[ins.b])
                case .power: out = a.apply(.power, regs[ins.b])
                case .min: out = a.apply(.min, regs[ins.b])
                case .max: out = a.apply(.max, regs[ins.b])
                case .powerConstant, .square: out = a.power(constant: ins.constant)
                }
                regs[ins.dst] = out
            }
            return regs[result]
        }
    }
}
