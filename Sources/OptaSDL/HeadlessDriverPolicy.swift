import Foundation

/// Which SDL video drivers show nothing, and when Opta may use one: only when the user asked for
/// it by name in `SDL_VIDEODRIVER` (tests, benchmarks). Otherwise `opta view` with no display must
/// say so and exit 69 instead of running an invisible window.
public enum HeadlessDriverPolicy {
    /// SDL's drivers that open no visible window.
    public static let headlessDrivers: Set<String> = ["offscreen", "dummy", "evdev"]

    /// Nil when `driver` may be used; otherwise the message saying why not.
    /// - Parameters:
    ///   - driver: the driver SDL chose (`SDL_GetCurrentVideoDriver`).
    ///   - requested: the value of `SDL_VIDEODRIVER`, a comma-separated list, if set.
    public static func refusal(driver: String, requested: String?) -> String? {
        guard headlessDrivers.contains(driver.lowercased()) else { return nil }
        let asked = (requested ?? "").lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if asked.contains(driver.lowercased()) { return nil }
        return "no display to open a window on (SDL found only its \"\(driver)\" driver, which shows nothing; set DISPLAY, or SDL_VIDEODRIVER=\(driver) to run without a window on purpose)"
    }
}
