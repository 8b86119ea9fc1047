import Foundation
import OptaCore
import OptaScene
import OptaText

/// What one `opta_session` owns: the headless session (store, solvers, frame count) and the figures
/// built for its scenario. Only touched while holding `LibrarySession.core`'s lock.
struct SessionCore: Sendable {
    var session: HeadlessSession
    let figures: SessionFigures
}

/// The object behind an `opta_session *`: a session behind a lock (`Locked`, a
/// `Synchronization.Mutex`), so several threads may call into one session. Rendering takes an
/// immutable snapshot under the lock and draws outside it, so a long render does not hold up
/// `opta_state` or `opta_dispatch` from another thread.
final class LibrarySession: Sendable {
    let core: Locked<SessionCore>

    init(scenarioJSON: String, baseFolder: String) throws(ABIFailure) {
        let scenario: Scenario
        do {
            scenario = try ScenarioLoader.parse(Data(scenarioJSON.utf8), source: "scenario", baseFolder: baseFolder)
        } catch {
            throw .data("\(error)")
        }
        let session: HeadlessSession
        do { session = try HeadlessSession(scenario: scenario) } catch { throw .data("\(error)") }
        core = Locked(SessionCore(session: session, figures: SessionFigures(scenario: scenario, fonts: try Fonts.shared())))
    }

    /// The frame to draw now, at `width` × `height` (nil: the scenario's size).
    func snapshot(width: Int?, height: Int?) -> (state: RenderState, figure: any SceneFigure) {
        core.withLock { core in
            let state = core.session.renderState
            return (state, core.figures.figure(for: state, width: width, height: height))
        }
    }
}

/// The UI font, loaded once per process (a `static let` is initialized once, thread-safely).
enum Fonts {
    private static let loaded: Result<FontLibrary, ABIFailure> = {
        do { return .success(try FontLibrary.loadDefault()) } catch { return .failure(.io("\(error)")) }
    }()

    static func shared() throws(ABIFailure) -> FontLibrary { try loaded.get() }
}
