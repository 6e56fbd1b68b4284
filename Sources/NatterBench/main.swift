// natter-bench: Natter's micro-benchmarks. `natter-bench [SUITE ...]` runs the named suites
// (all when none is named) and prints Markdown: one "## Suite" section with a table per suite.
// To add a suite, write a file with a `BenchSuite` value and list it in `allSuites`.

import Foundation

let allSuites: [BenchSuite] = [
    protocolBench,
    formattingBench,
    renderBench,
    listBench,
    searchBench,
    logSearchBench,
    connectBench,
    scriptsBench,
    previewBench,
]

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("-h") || arguments.contains("--help") {
    print("usage: natter-bench [SUITE ...]\nsuites: " + allSuites.map(\.id).joined(separator: ", "))
    exit(0)
}
var selected: [BenchSuite] = []
for name in arguments {
    guard let suite = allSuites.first(where: { $0.id.lowercased() == name.lowercased() }) else {
        FileHandle.standardError.write(Data("natter-bench: unknown suite \(name); known: \(allSuites.map(\.id).joined(separator: ", "))\n".utf8))
        exit(2)
    }
    selected.append(suite)
}
if selected.isEmpty { selected = allSuites }

#if DEBUG
print("> Warning: debug build; figures are meaningless. Use `swift build -c release --product natter-bench`.\n")
#endif
print(benchHeader())
var failed = false
for suite in selected {
    let figures = suite.run()
    print(BenchFigure.markdownSection(title: suite.title, figures: figures))
    failed = failed || figures.contains { $0.passed == false }
}
exit(failed ? 1 : 0)
