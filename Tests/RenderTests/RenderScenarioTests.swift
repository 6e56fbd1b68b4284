import Foundation
import SDLBackend
import Testing

/// Every `Scenarios/NAME.scenario` run through the real `natter render`: each snapshot must
/// match `Goldens/NAME/SNAPSHOT.png` (see ImageComparison for the tolerance), and the metrics
/// must satisfy `Scenarios/NAME.expect` when there is one. `NATTER_UPDATE_GOLDENS=1` (what
/// `make golden` sets) writes the goldens instead of comparing. See README.md.
struct RenderScenarioTests {
    static let updating = ProcessInfo.processInfo.environment["NATTER_UPDATE_GOLDENS"] == "1"

    @Test(arguments: RenderPaths.scenarioNames(endingWith: ".scenario"))
    func scenario(_ name: String) throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("natter-render-tests-\(name)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let scenario = RenderPaths.scenarios.appendingPathComponent(name + ".scenario")
        let (status, errors) = try runNatterRender(scenario: scenario, out: out)
        try #require(status == 0, "natter render \(name).scenario exited with \(status): \(errors)")

        let metrics = try SnapshotMetricsFile(contentsOf: out.appendingPathComponent("metrics.jsonl"))
        let artifacts = RenderPaths.artifacts.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: artifacts)
        try compareImages(name, snapshots: metrics.names, out: out, artifacts: artifacts)

        let expectFile = RenderPaths.scenarios.appendingPathComponent(name + ".expect")
        if FileManager.default.fileExists(atPath: expectFile.path) {
            let failures = Expectations(text: try String(contentsOf: expectFile, encoding: .utf8)).check(against: metrics)
            for failure in failures {
                Issue.record("\(name).expect:\(failure)")
            }
            if !failures.isEmpty {
                try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: out.appendingPathComponent("metrics.jsonl"),
                                                 to: artifacts.appendingPathComponent("metrics.jsonl"))
                Issue.record("\(name): the metrics are in \(artifacts.path)/metrics.jsonl")
            }
        }
    }

    /// Scenarios that show a known bug not fixed yet (`NAME.scenario.pending`) are not run: each
    /// is reported as a known issue quoting the comment at its top, so the skip is visible.
    @Test(arguments: RenderPaths.scenarioNames(endingWith: ".scenario.pending"))
    func pendingScenario(_ name: String) throws {
        let text = try String(contentsOf: RenderPaths.scenarios.appendingPathComponent(name + ".scenario.pending"), encoding: .utf8)
        let comment = text.split(separator: "\n").prefix { $0.hasPrefix("#") }.map { $0.dropFirst().trimmingCharacters(in: .whitespaces) }
        #expect(!comment.isEmpty, "\(name).scenario.pending must say at its top which bug keeps it pending")
        withKnownIssue("\(name).scenario.pending is skipped: it shows a known bug") {
            Issue.record(Comment(rawValue: comment.joined(separator: " ")))
        }
    }

    /// Every `.expect` file belongs to a scenario, and every golden folder too.
    @Test func noOrphans() throws {
        let scenarios = Set(RenderPaths.scenarioNames(endingWith: ".scenario") + RenderPaths.scenarioNames(endingWith: ".scenario.pending"))
        for expect in RenderPaths.scenarioNames(endingWith: ".expect") {
            #expect(scenarios.contains(expect), "Scenarios/\(expect).expect has no \(expect).scenario")
        }
        let goldens = (try? FileManager.default.contentsOfDirectory(atPath: RenderPaths.goldens.path)) ?? []
        for folder in goldens {
            #expect(scenarios.contains(folder), "Goldens/\(folder) has no Scenarios/\(folder).scenario")
        }
    }

    private func compareImages(_ name: String, snapshots: [String], out: URL, artifacts: URL) throws {
        let goldens = RenderPaths.goldens.appendingPathComponent(name)
        let fm = FileManager.default
        if Self.updating {
            try? fm.removeItem(at: goldens)
            try fm.createDirectory(at: goldens, withIntermediateDirectories: true)
            for snapshot in snapshots {
                try fm.copyItem(at: out.appendingPathComponent(snapshot + ".png"),
                                to: goldens.appendingPathComponent(snapshot + ".png"))
            }
            return
        }
        let existing = ((try? fm.contentsOfDirectory(atPath: goldens.path)) ?? []).filter { $0.hasSuffix(".png") }
        for stale in Set(existing).subtracting(snapshots.map { $0 + ".png" }).sorted() {
            Issue.record("Goldens/\(name)/\(stale) belongs to no snapshot of \(name).scenario: run `make golden`")
        }
        for snapshot in snapshots {
            let golden = goldens.appendingPathComponent(snapshot + ".png")
            guard fm.fileExists(atPath: golden.path) else {
                Issue.record("no golden Goldens/\(name)/\(snapshot).png: run `make golden` and look at it before committing")
                continue
            }
            let actual = try PixelImage(contentsOfPNG: out.appendingPathComponent(snapshot + ".png").path)
            let expected = try PixelImage(contentsOfPNG: golden.path)
            let where_ = "\(artifacts.path)/\(snapshot).actual.png"
            guard actual.width == expected.width, actual.height == expected.height else {
                try saveArtifacts(actual: actual, diff: nil, golden: golden, snapshot: snapshot, artifacts: artifacts)
                Issue.record("\(name)/\(snapshot): \(actual.width)x\(actual.height) px, the golden is \(expected.width)x\(expected.height); actual image: \(where_)")
                continue
            }
            let comparison = ImageComparison(actual: actual, expected: expected)
            if !comparison.matches {
                try saveArtifacts(actual: actual, diff: comparison.diff, golden: golden, snapshot: snapshot, artifacts: artifacts)
                Issue.record("""
                    \(name)/\(snapshot): \(comparison.differing) of \(comparison.total) pixels differ by more than \
                    \(ImageComparison.channelTolerance) (largest \(comparison.largestDifference); at most \
                    \(ImageComparison.pixelFraction * 100)% may); actual: \(where_), diff (magenta): \
                    \(artifacts.path)/\(snapshot).diff.png
                    """)
            }
        }
    }

    private func saveArtifacts(actual: PixelImage, diff: PixelImage?, golden: URL, snapshot: String, artifacts: URL) throws {
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        try actual.writePNG(to: artifacts.appendingPathComponent(snapshot + ".actual.png").path)
        try diff?.writePNG(to: artifacts.appendingPathComponent(snapshot + ".diff.png").path)
        try? FileManager.default.copyItem(at: golden, to: artifacts.appendingPathComponent(snapshot + ".golden.png"))
    }
}
