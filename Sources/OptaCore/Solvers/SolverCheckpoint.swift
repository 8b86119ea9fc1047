import Foundation

/// Saves and restores a `SolverRun` as JSON. Keys are sorted and doubles are printed in
/// their shortest round-tripping form, so a restored run continues bit for bit; NaN and ±∞
/// (a diverged run) are written as the strings "NaN", "Infinity", "-Infinity".
public enum SolverCheckpoint {
    /// The JSON of `run`.
    public static func encode(_ run: SolverRun) throws -> Data {
        try encoder().encode(run)
    }

    /// The run saved in `data`; throws a `DecodingError` for malformed JSON.
    public static func decode(_ data: Data) throws -> SolverRun {
        try decoder().decode(SolverRun.self, from: data)
    }

    /// The encoder of checkpoints: sorted keys, NaN and infinities as strings.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return encoder
    }

    /// The decoder of checkpoints.
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return decoder
    }
}
