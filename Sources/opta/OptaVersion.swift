/// The version `opta --version` prints, with the scenario and checkpoint formats it reads.
enum OptaVersion {
    /// Opta's release version.
    static let number = "0.9.0"

    /// "0.9.0 (scenario format 1, checkpoint format 1)".
    static var current: String { "\(number) (scenario format 1, checkpoint format 1)" }
}
