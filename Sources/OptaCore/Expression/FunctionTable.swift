/// The named functions of the expression language and how many arguments each takes.
enum FunctionTable {
    enum Entry {
        case unary(UnaryOperator)
        case binary(BinaryOperator)
    }

    static func lookup(_ name: String) -> Entry? {
        switch name {
        case "sin": .unary(.sin)
        case "cos": .unary(.cos)
        case "tan": .unary(.tan)
        case "exp": .unary(.exp)
        case "log": .unary(.log)
        case "sqrt": .unary(.sqrt)
        case "abs": .unary(.abs)
        case "tanh": .unary(.tanh)
        case "min": .binary(.min)
        case "max": .binary(.max)
        case "pow": .binary(.power)
        default: nil
        }
    }

    static func arity(of name: String) -> Int? {
        switch lookup(name) {
        case .unary?: 1
        case .binary?: 2
        case nil: nil
        }
    }
}
