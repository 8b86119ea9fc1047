import Testing

/// `--help` examples are commands to copy: each stays on one line of an 80-column terminal (the
/// width help is wrapped to when it is not a terminal), never split in the middle of a command.
@Suite struct HelpExamplesTests {
    @Test(arguments: [[], ["render"], ["view"], ["solve"], ["bench"], ["golden"], ["a11y"], ["export"], ["runs"]])
    func examplesKeepEachCommandOnOneLine(command: [String]) throws {
        let result = try OptaProcess.run(command + ["--help"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("Example") }) else { return }
        for line in lines[(start + 1)...].prefix(while: { !$0.isEmpty }) {
            #expect(line.hasPrefix("  "), "opta \(command.joined()) --help: a wrapped example line: \"\(line)\"")
        }
    }
}
