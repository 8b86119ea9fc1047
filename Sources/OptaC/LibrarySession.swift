import Foundation
import OptaCore
import OptaRaster
import OptaScene
import OptaSupport
import OptaText

/// What one `opta_session` owns: the headless session (store, solvers, frame count) and the figures
/// built for its scenario. Only touched while holding `LibrarySession.core`'s lock.
struct SessionCore: Sendable {
    var session: HeadlessSession
    let figures: SessionFigures
    /// The figure last drawn and what it was built for: reused while the frame and size stay the
    /// same (a host rendering the same frame again, as benchmarks and notebooks do).
    var lastFigure: (state: RenderState, width: Int?, height: Int?, figure: any SceneFigure)?
    /// A framebuffer to draw into again, so repeated renders do not allocate and zero 8 MB a frame.
    /// A render takes it out (nil meanwhile: a concurrent render allocates its own) and puts it back.
    var spare: Framebuffer?
    /// The render context repeated renders share, taken out and put back the same way.
    var spareContext: RenderContext?
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
            if let last = core.lastFigure, last.width == width, last.height == height, last.state == state {
                return (state, last.figure)
            }
            let figure = core.figures.figure(for: state, width: width, height: height)
            core.lastFigure = (state, width, height, figure)
            return (state, figure)
        }
    }

    /// Draws the current frame into a framebuffer (the spare one when its size fits) and hands it to
    /// `use`; the lock is not held while drawing or in `use`.
    func withFrame<R>(width: Int?, height: Int?, threads: Int, _ use: (Framebuffer) throws(ABIFailure) -> R) throws(ABIFailure) -> R {
        let (state, figure) = snapshot(width: width, height: height)
        var framebuffer = core.withLock { core -> Framebuffer? in
            guard let spare = core.spare, spare.width == figure.width, spare.height == figure.height else { return nil }
            core.spare = nil
            return spare
        } ?? Framebuffer(width: figure.width, height: figure.height)
        withContext { context in figure.render(state, overlay: DrawList(), into: &framebuffer, context: &context, threads: threads) }
        defer { core.withLock { [framebuffer] core in core.spare = framebuffer } }
        return try use(framebuffer)
    }

    /// Draws the current frame at `width` × `height` straight into caller memory, in straight alpha
    /// (`RenderContext.run(_:intoStraightRGBA:...)`, whose conditions on the memory the caller has
    /// checked): no framebuffer, no copy.
    func drawStraight(width: Int, height: Int, threads: Int, into pixels: UnsafeMutableRawPointer,
                      bytesPerRow: Int) throws(ABIFailure) {
        let (state, figure) = snapshot(width: width, height: height)
        // Figures draw at the size asked for; checked, so drawing never writes past the caller's rows.
        guard figure.width == width, figure.height == height else {
            throw .argument("the frame came out \(figure.width)×\(figure.height), not \(width)×\(height)")
        }
        let plan = figure.plan(state, overlay: DrawList())
        withContext { $0.run(plan, intoStraightRGBA: pixels, width: width, height: height, bytesPerRow: bytesPerRow, threads: threads) }
    }

    /// Runs `body` with the session's render context (a new one while another render holds it),
    /// outside the lock, and puts it back.
    private func withContext(_ body: (inout RenderContext) -> Void) {
        var context = core.withLock { core -> RenderContext in
            let context = core.spareContext ?? RenderContext()
            core.spareContext = nil
            return context
        }
        body(&context)
        core.withLock { [context] core in core.spareContext = context }
    }
}

/// The UI font, loaded once per process (a `static let` is initialized once, thread-safely).
enum Fonts {
    private static let loaded: Result<FontLibrary, ABIFailure> = {
        do { return .success(try FontLibrary.loadDefault()) } catch { return .failure(.io("\(error)")) }
    }()

    static func shared() throws(ABIFailure) -> FontLibrary { try loaded.get() }
}
