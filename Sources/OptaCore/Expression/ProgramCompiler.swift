/// Compiles an `ExpressionTree` into a `Program`: folds constant subtrees, specializes
/// constant exponents, and reuses registers (each tree node is read exactly once).
struct ProgramCompiler {
    private let tree: ExpressionTree
    private var constants: [Double?]
    private var registerOf: [Int]
    private var freeRegisters: [Int] = []
    private var registerCount = 0
    private var instructions: [Program.Instruction] = []

    private init(tree: ExpressionTree) {
        self.tree = tree
        constants = Array(repeating: nil, count: tree.nodes.count)
        registerOf = Array(repeating: -1, count: tree.nodes.count)
    }

    static func compile(_ tree: ExpressionTree) -> Program {
        var compiler = ProgramCompiler(tree: tree)
        compiler.foldConstants()
        return compiler.emit()
    }

    private mutating func foldConstants() {
        for (i, node) in tree.nodes.enumerated() {
            switch node {
            case .number(let value): constants[i] = value
            case .x, .y: break
            case .unary(let op, let a):
                if let ca = constants[a] { constants[i] = Dual.constant(ca).apply(op).value }
            case .binary(let op, let a, let b):
                if let ca = constants[a], let cb = constants[b] {
                    constants[i] = Dual.constant(ca).apply(op, .constant(cb)).value
                }
            }
        }
    }

    private mutating func allocate() -> Int {
        if let r = freeRegisters.popLast() { return r }
        registerCount += 1
        return registerCount - 1
    }

    /// The register holding node `i`, loading a folded constant on demand.
    private mutating func materialize(_ i: Int) -> Int {
        if registerOf[i] >= 0 { return registerOf[i] }
        let r = allocate()
        instructions.append(.init(op: .constant, dst: r, constant: constants[i] ?? 0))
        registerOf[i] = r
        return r
    }

    private mutating func emit() -> Program {
        for (i, node) in tree.nodes.enumerated() where constants[i] == nil {
            switch node {
            case .number: break
            case .x, .y:
                let r = allocate()
                instructions.append(.init(op: node == .x ? .x : .y, dst: r))
                registerOf[i] = r
            case .unary(let op, let a):
                let ra = materialize(a)
                freeRegisters.append(ra)
                let r = allocate()
                instructions.append(.init(op: .init(op), dst: r, a: ra))
                registerOf[i] = r
            case .binary(.power, let a, let b) where constants[b] != nil:
                let c = constants[b] ?? 0
                let ra = materialize(a)
                freeRegisters.append(ra)
                let r = allocate()
                let op: Program.Opcode = c == 2 ? .square : .powerConstant
                instructions.append(.init(op: op, dst: r, a: ra, constant: c))
                registerOf[i] = r
            case .binary(let op, let a, let b):
                let ra = materialize(a)
                let rb = materialize(b)
                freeRegisters.append(ra)
                freeRegisters.append(rb)
                let r = allocate()
                instructions.append(.init(op: .init(op), dst: r, a: ra, b: rb))
                registerOf[i] = r
            }
        }
        let result = tree.nodes.isEmpty ? allocate() : materialize(tree.root)
        if instructions.isEmpty {
            instructions.append(.init(op: .constant, dst: result, constant: 0))
        }
        return Program(instructions: instructions, registerCount: max(registerCount, 1), result: result)
    }
}
