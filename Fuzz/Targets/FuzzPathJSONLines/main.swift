import Foundation
import FuzzSupport
import OptaCore

/// libFuzzer target: logged paths as JSON Lines (`pathsFile: run.jsonl` and the lines
/// `opta view --follow` reads), whole and line by line as the follower parses them.
func fuzzPathJSONLines(_ input: UnsafeBufferPointer<UInt8>) -> CInt {
    let bytes = Array(input)
    _ = PathJSONLines.read(bytes, file: "fuzz.jsonl", fallbackName: "fuzz")
    for line in bytes.split(separator: UInt8(ascii: "\n")) {
        _ = PathPoint.parse(Array(line), defaultPath: "fuzz")
    }
    return 0
}

runFuzzer { data, count in fuzzPathJSONLines(fuzzInput(data, count)) }
