import ArgumentParser
import Foundation
import OptaA11y
import OptaAudio
import OptaCore
import OptaImage
import OptaScene

/// `opta a11y --sonify` and `--table`: the frame's paths as sound and as tables.
extension A11yCommand {
    func validateAudioAndTable() throws {
        if sonify != nil && table { throw ValidationError("--sonify and --table are separate outputs: give one") }
        if sonify != nil || table {
            guard at == nil, !json else { throw ValidationError("--at and --json go with the tree, not with --sonify or --table") }
        } else if !paths.isEmpty {
            throw ValidationError("--path picks paths for --sonify or --table; add one of them")
        }
        if sonify == nil {
            if together { throw ValidationError("--together goes with --sonify FILE.wav") }
            if seconds != 4 { throw ValidationError("--seconds goes with --sonify FILE.wav") }
        }
        if csv && !table { throw ValidationError("--csv goes with --table") }
        guard seconds.isFinite, (0.5...600).contains(seconds) else {
            throw ValidationError("--seconds must be from 0.5 to 600, got \(seconds)")
        }
        if let sonify, sonify != "-", !sonify.lowercased().hasSuffix(".wav") {
            throw ValidationError("--sonify writes a WAV file: give a name ending in .wav (or - for standard output), got \(sonify)")
        }
    }

    /// Renders the audio graph and writes it atomically.
    func writeAudioGraph(of state: RenderState, to path: String) throws {
        let status = try StatusOutput(outputs: [("--sonify", path)])
        do { try PNGWriter.checkDestination(path, example: "convergence.wav") } catch { throw CommandFailure.usage("--sonify \(error)") }
        let graph: AudioGraph
        do { graph = try AudioGraphBuilder.graph(for: state, pathNames: paths) } catch { throw CommandFailure.usage("\(error)") }
        guard !graph.series.isEmpty else {
            throw CommandFailure.badData("the scenario has no paths to sonify: add solvers or logged paths")
        }
        let synthesizer = AudioGraphSynthesizer(seconds: seconds, together: together)
        let bytes: [UInt8]
        do { bytes = try WAVEncoder.encode(synthesizer.render(graph), sampleRate: synthesizer.sampleRate) } catch {
            throw CommandFailure.failure("\(error)")
        }
        do { try AtomicFile.write(bytes, to: path) } catch { throw CommandFailure.failure("\(error)") }
        let order = together ? "together" : "one after another"
        status.say("wrote \(path): \(graph.title); \(graph.series.map(\.name).joined(separator: ", ")) \(order)")
    }

    /// Prints each table, spoken row by row or as CSV.
    func printTables(of state: RenderState) throws {
        let tables: [DataTable]
        do { tables = try DataTable.tables(for: state, pathNames: paths) } catch { throw CommandFailure.usage("\(error)") }
        guard !tables.isEmpty else { throw CommandFailure.badData("the scenario has no paths or graph nodes to tabulate") }
        for (index, table) in tables.enumerated() {
            if csv {
                if tables.count > 1 { print("# \(table.title)") }
                print(table.csv, terminator: "")
            } else {
                if index > 0 { print() }
                print(table.spoken, terminator: "")
            }
        }
    }
}
