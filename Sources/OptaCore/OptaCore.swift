/// OptaCore: objective functions, the expression language, scenarios and the state they drive.
public enum OptaCore {
    /// The scenario format version this build reads.
    public static let scenarioVersion = 1
}
