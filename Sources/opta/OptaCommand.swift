import ArgumentParser

/// The `opta` command: renders optimization landscapes to PNG, compares images, measures frame times.
@main
struct OptaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "opta",
        abstract: "Draws optimization landscapes and the paths optimizers take across them, on the CPU.",
        discussion: """
            Examples:
              opta render -o rosenbrock.png              # the built-in scene (R1)
              opta render scene.json -o out.png          # a scenario (docs/scenario.md)
              opta bench --frames 200                    # frame times of R1
              opta golden diff expected.png actual.png   # compare two images

            Exit status: 0 success, 1 failure (or images differ), 64 usage error, 65 bad input data, \
            69 no display for `opta view`.
            """,
        version: "opta \(OptaVersion.current)",
        subcommands: [RenderCommand.self, ViewCommand.self, SolveCommand.self, BenchCommand.self, GoldenCommand.self, A11yCommand.self,
                      ExportCommand.self, RunsCommand.self]
    )
}
