import Foundation

/// Saves and restores a `SolverRun` as JSON. Keys are sorted and doubles are printed in
/// their shortest round-tripping form, so a restored run continues bit for bit; NaN and ±∞
/// (a diverged run) are written as the strings "NaN", "Infinity", "-Infinity".
public enum SolverCheckpoint {
    /// The JSON of `run`.
    public static func encode(_ run: SolverRun) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return try encoder.encode(run)
    }

    /// The run saved in `data`; throws a `DecodingError` for malformed JSON.
    public static func decode(_ data: Data) throws -> SolverRun {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return try decoder.decode(SolverRun.self, from: data)
    }
}
