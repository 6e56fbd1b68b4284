import Foundation
import SDLBackend

/// Issue 5: drawing a 1920×1080 window full of formatted chat text with SDL's software
/// renderer: a full redraw, an incremental frame (one new line while pinned), and the size of
/// the painter's text texture cache.
let renderBench = BenchSuite(id: "render", title: "Rendering (software renderer, 1920×1080)") {
    MainActor.assumeIsolated { runRenderBench() }
}

@MainActor
private func runRenderBench() -> [BenchFigure] {
    let fixture = ChatFixture()
    let lines = Traffic.lines(count: 6_000, seed: 11)
    var next = 0
    func take(_ count: Int) -> [String] {
        defer { next += count }
        return Array(lines[next..<next + count])
    }
    fixture.receive(take(2_000))
    fixture.frame()

    // A full redraw with the text already cached (an expose, a theme change).
    for _ in 0..<20 { fixture.frame(full: true) }
    ChatFixture.dumpPhases("warm-up")
    var commands = 0
    let fullFrames = Int(ProcessInfo.processInfo.environment["BENCH_FULL_FRAMES"] ?? "") ?? 200
    let full = quietestRound {
        var round = FrameTimes()
        for _ in 0..<fullFrames { commands = round.time { fixture.frame(full: true) } }
        return round
    }

    ChatFixture.dumpPhases("full")
    if ChatFixture.debug, !full.samples.isEmpty {
        let sorted = full.samples.sorted()
        FileHandle.standardError.write(Data("full quantiles: min \(String(format2: sorted[0])) p10 \(String(format2: sorted[sorted.count / 10])) p25 \(String(format2: sorted[sorted.count / 4]))\n".utf8))
    }
    // A full redraw of a screen of lines never drawn before (switching to a busy buffer).
    var fresh = FrameTimes()
    for _ in 0..<20 {
        fixture.receive(take(60))
        _ = fresh.time { fixture.frame(full: true) }
    }

    ChatFixture.dumpPhases("fresh")
    // One new line while pinned: receive it (parse, session, model) and draw the frame.
    for _ in 0..<30 {
        fixture.receive(take(1))
        fixture.frame()
    }
    ChatFixture.dumpPhases("incremental warm-up")
    let incremental = quietestRound {
        var round = FrameTimes()
        for _ in 0..<500 {
            let line = take(1)
            round.time {
                fixture.receive(line)
                fixture.frame()
            }
        }
        return round
    }
    ChatFixture.dumpPhases("incremental")
    if ChatFixture.debug {
        FileHandle.standardError.write(Data("CPU medians: full \(String(format2: full.cpuMedian)) incremental \(String(format2: incremental.cpuMedian))\n".utf8))
    }
    let cache = fixture.canvas.painter.textCacheUsage
    let bound = Double(fixture.canvas.painter.textCacheByteLimit) / 1_048_576
    return [
        // Issue 15 asks for a full redraw at 1920×1080 in 2 ms (issue 5's bound was 8 ms; the
        // 95th percentile keeps that one).
        BenchFigure(name: "full redraw, text cached: median (\(commands) draw commands)", value: full.median,
                    unit: "ms", target: .atMost(2)),
        BenchFigure(name: "full redraw, text cached: p95", value: full.p95, unit: "ms", target: .atMost(8)),
        BenchFigure(name: "full redraw of 60 new lines (first paint): median", value: fresh.median, unit: "ms",
                    target: nil),
        BenchFigure(name: "full redraw of 60 new lines (first paint): p95", value: fresh.p95, unit: "ms", target: nil),
        BenchFigure(name: "incremental frame, one new line while pinned: median", value: incremental.median,
                    unit: "ms", target: .atMost(2)),
        BenchFigure(name: "incremental frame, one new line while pinned: p95", value: incremental.p95, unit: "ms",
                    target: .atMost(2)),
        BenchFigure(name: "text texture cache after \(next) lines (\(cache.entries) entries)",
                    value: Double(cache.bytes) / 1_048_576, unit: "MiB", target: .atMost(bound)),
    ]
}
