import Foundation
import OptaCore

/// The grid scenes of `opta bench`: `grid-2001.json` (R1's Rosenbrock sampled on 2001 × 2001,
/// drawn like R1 at 1920×1080 with 16 contours) and `grid-4096.json` (a 4096 × 4096 float32 .npy,
/// for load time). Their .npy files are large, so they are not in the repository: the bench
/// writes them next to the scenario the first time. For grid scenes it also reports how long
/// reading the grid file takes (p50/p99 over several loads).
enum GridBench {
    /// Writes the .npy a bench scene names when it is missing and the scene is one of ours.
    static func prepare(_ scenarioPath: String?) throws {
        guard let scenarioPath else { return }
        let folder = URL(fileURLWithPath: scenarioPath).deletingLastPathComponent().path
        for side in [2001, 4096] where scenarioPath.hasSuffix("grid-\(side).json") {
            let file = "\(folder)/grid-\(side).npy"
            guard !FileManager.default.fileExists(atPath: file) else { continue }
            FileHandle.standardError.write(Data("opta bench: writing \(file) (Rosenbrock on \(side) × \(side), float32)\n".utf8))
            try rosenbrockNPY(side: side).write(to: URL(fileURLWithPath: file))
        }
    }

    /// Rosenbrock on R1's domain x ∈ [−2, 2], y ∈ [−1, 3], as numpy would save it (Z[y, x], <f4).
    static func rosenbrockNPY(side n: Int) -> Data {
        var header = "{'descr': '<f4', 'fortran_order': False, 'shape': (\(n), \(n)), }"
        while (10 + header.utf8.count + 1) % 64 != 0 { header += " " }
        header += "\n"
        var data = Data([0x93] + Array("NUMPY".utf8) + [1, 0, UInt8(header.utf8.count & 0xff), UInt8(header.utf8.count >> 8)])
        data.append(Data(header.utf8))
        var values = [Float](repeating: 0, count: n * n)
        for j in 0..<n {
            let y = -1 + 4 * Double(j) / Double(n - 1)
            for i in 0..<n {
                let x = -2 + 4 * Double(i) / Double(n - 1)
                values[j * n + i] = Float((1 - x) * (1 - x) + 100 * (y - x * x) * (y - x * x))
            }
        }
        values.withUnsafeBytes { data.append(contentsOf: $0) }
        return data
    }

    /// Reading and checking the grid file of `scenario` `count` times: p50 and p99 in ms.
    static func loadTimes(_ scenario: Scenario, scenarioPath: String?, count: Int = 15) -> (p50: Double, p99: Double, file: String)? {
        guard let grid = scenario.landscape.objective.grid, let file = grid.source.file, let scenarioPath else { return nil }
        let full = file.hasPrefix("/") ? file : URL(fileURLWithPath: scenarioPath).deletingLastPathComponent().path + "/" + file
        let clock = ContinuousClock()
        var times: [Double] = []
        for _ in 0..<count {
            let start = clock.now
            guard let (table, source) = try? ScenarioLoader.readGridFile(full, shownAs: file, format: GridFile.format(of: file),
                                                                         dataset: grid.source.dataset, xDataset: nil, yDataset: nil, field: "bench"),
                  let made = try? GridLandscape.make(values: table.values, rows: table.rows, columns: table.columns,
                                                     x: table.x ?? grid.x.coordinates, y: table.y ?? grid.y.coordinates,
                                                     interpolation: grid.interpolation, source: source)
            else { return nil }
            withExtendedLifetime(made) { times.append(Milliseconds.of(clock.now - start)) }
        }
        times.sort()
        return (times[times.count / 2], times[min(times.count - 1, Int(Double(times.count) * 0.99))], file)
    }
}
