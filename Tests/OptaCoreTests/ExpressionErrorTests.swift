import Testing
@testable import OptaCore

@Suite("Expression errors")
struct ExpressionErrorTests {
    func failure(_ source: String) -> String? {
        do {
            _ = try Expression(parsing: source)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func unbalancedParentheses() {
        #expect(failure("(1-x)^2 + (y-1") == "expected ')' at column 15")
        #expect(failure("sin(x + cos(y)") == "expected ')' at column 15")
        #expect(failure("x)") == "expected an operator or end of input, found ')' at column 2")
        #expect(failure("()") == "expected a number, variable, function or '(' at column 2")
    }

    @Test func unknownNames() {
        #expect(failure("sine(x)") == "unknown function 'sine' at column 1")
        #expect(failure("x + z") == "unknown variable 'z' at column 5; use x and y")
        #expect(failure("sin + 1") == "expected '(' after function 'sin' at column 5")
    }

    @Test func arity() {
        #expect(failure("pow(x)") == "pow takes 2 arguments, got 1 at column 1")
        #expect(failure("1 + sin(x, y)") == "sin takes 1 argument, got 2 at column 5")
        #expect(failure("max(1, 2, 3)") == "max takes 2 arguments, got 3 at column 1")
    }

    @Test func badNumbers() {
        #expect(failure("1.2.3") == "bad number '1.2.3' at column 1")
        #expect(failure("x * 1e") == "bad number '1e' at column 5")
        #expect(failure("2x") == "bad number '2x' at column 1")
        #expect(failure(".") == "bad number '.' at column 1")
        #expect(failure("1e999") == "number '1e999' is too large at column 1")
    }

    @Test func junkAndEmpty() {
        #expect(failure("") == "expected a number, variable, function or '(' at column 1")
        #expect(failure("   ") == "expected a number, variable, function or '(' at column 4")
        #expect(failure("x y") == "expected an operator or end of input, found 'y' at column 3")
        #expect(failure("x + ") == "expected a number, variable, function or '(' at column 5")
        #expect(failure("x # y") == "unexpected character '#' at column 3")
        #expect(failure("x ** 2") == "expected a number, variable, function or '(' at column 4")
    }

    @Test func errorFields() throws {
        do {
            _ = try Expression(parsing: "x + z")
            Issue.record("expected an error")
        } catch {
            #expect(error == ExpressionError("unknown variable 'z'", column: 5, hint: "use x and y"))
            #expect(error.message == "unknown variable 'z'")
            #expect(error.column == 5)
        }
    }

    @Test func hostileInputIsRejected() {
        let parens = String(repeating: "(", count: 10_000)
        #expect(failure(parens) == "formula nested too deeply (limit 64) at column 65")
        let minuses = String(repeating: "-", count: 5_000) + "x"
        #expect(failure(minuses) == "formula nested too deeply (limit 64) at column 65")
        let powers = Array(repeating: "x", count: 200).joined(separator: "^")
        #expect(failure(powers)?.hasPrefix("formula nested too deeply (limit 64)") == true)
        let tooLong = String(repeating: " ", count: 10_000) + "x"
        #expect(failure(tooLong) == "formula too long (10001 characters, limit 10000) at column 10001")
        let tooMany = Array(repeating: "x", count: 2_049).joined(separator: "+")
        #expect(failure(tooMany)?.hasPrefix("formula too large (limit 4096 nodes)") == true)
    }
}
