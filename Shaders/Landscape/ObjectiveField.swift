import OptaCore

/// Objectives (built-in functions and user formulas) sample rows for the landscape shader.
extension Objective: ScalarField {}
