import ChatModel
import CMalloc
import Foundation
import Widgets

/// Issue 6: a buffer of 1,000 / 10,000 / 100,000 messages (100 characters of text each) on a
/// 1920×1080 chat screen, software renderer: appending while pinned, frames during a fling, and
/// a full relayout after a window resize, per frame; and the memory each stored message costs.
let listBench = BenchSuite(id: "list", title: "Message list at scale (software renderer, 1920×1080)") {
    MainActor.assumeIsolated { runListBench() }
}

private let sizes = [1_000, 10_000, 100_000]

@MainActor
private func runListBench() -> [BenchFigure] {
    var append: [Int: FrameTimes] = [:], fling: [Int: FrameTimes] = [:], resize: [Int: FrameTimes] = [:]
    var ingest: [Int: Double] = [:]
    var cacheBytes = 0, cacheBound = 0
    for n in sizes {
        let lines = Traffic.lines(count: n + 2_000, seed: 23, textLength: 100)
        // The cap is above every size, so nothing is trimmed while measuring.
        let fixture = ChatFixture(scrollbackCap: 200_000)
        let base = fixture.buffer.scrollback.count   // the join and topic lines
        let clock = ContinuousClock()
        let start = clock.now
        fixture.receive(Array(lines[..<n]))
        fixture.controller.sync()
        fixture.host.layoutIfNeeded()
        let elapsed = clock.now - start
        fixture.frame()
        ingest[n] = Double(n) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        precondition(fixture.buffer.scrollback.count == base + n, "expected \(n) more lines")
        var next = n

        // Appending while pinned: one line arrives, one frame.
        for _ in 0..<30 {
            fixture.receive([lines[next]]); next += 1
            fixture.frame()
        }
        append[n] = quietestRound {
            var appendTimes = FrameTimes()
            for _ in 0..<400 {
                let line = [lines[next]]; next += 1
                appendTimes.time {
                    fixture.receive(line)
                    fixture.frame()
                }
            }
            return appendTimes
        }

        // Flings towards older messages: every frame while the list moves.
        ChatFixture.dumpPhases("append \(n)")
        fling[n] = quietestRound { flingFrames(fixture, flings: 8) }
        ChatFixture.dumpPhases("fling \(n)")

        // Window resizes: the width changes every frame, so every visible row is wrapped again.
        let size = fixture.host.size
        resize[n] = quietestRound {
            var resizeTimes = FrameTimes()
            for i in 0..<80 {
                let width = i % 2 == 0 ? size.width - 40 : size.width
                if i < 10 {
                    fixture.resize(width: width, height: size.height)
                    fixture.frame()
                    continue
                }
                resizeTimes.time {
                    fixture.resize(width: width, height: size.height)
                    fixture.frame()
                }
            }
            return resizeTimes
        }
        ChatFixture.dumpPhases("resize \(n)")
        let usage = fixture.canvas.painter.textCacheUsage
        cacheBytes = max(cacheBytes, usage.bytes)
        cacheBound = fixture.canvas.painter.textCacheByteLimit
    }

    var memory: [Int: Double] = [:]
    for n in sizes { memory[n] = bytesPerMessage(n) }

    var figures: [BenchFigure] = []
    func add(_ what: String, _ times: [Int: FrameTimes], target: Double) {
        for n in sizes {
            let t = times[n]!
            figures.append(BenchFigure(name: "\(what), \(BenchFigure.format(Double(n))) msgs: median", value: t.median,
                                       unit: "ms", target: .atMost(target)))
            figures.append(BenchFigure(name: "\(what), \(BenchFigure.format(Double(n))) msgs: p95 (\(t.count) frames)",
                                       value: t.p95, unit: "ms", target: .atMost(target)))
        }
    }
    if ChatFixture.debug {
        for n in sizes {
            FileHandle.standardError.write(Data("\(n): CPU medians append \(String(format2: append[n]!.cpuMedian)) fling \(String(format2: fling[n]!.cpuMedian)) resize \(String(format2: resize[n]!.cpuMedian))\n".utf8))
        }
    }
    add("append one message while pinned", append, target: 4)
    add("frame during a fling", fling, target: 4)
    add("relayout + redraw after a resize", resize, target: 4)
    for n in sizes {
        figures.append(BenchFigure(name: "memory per stored message, \(BenchFigure.format(Double(n))) msgs",
                                   value: memory[n]!, unit: "bytes", target: .atMost(1024)))
    }
    for n in sizes {
        figures.append(BenchFigure(name: "burst ingest (parse, session, model, list layout), \(BenchFigure.format(Double(n))) msgs",
                                   value: ingest[n]!, unit: "msgs/s", target: nil))
    }
    figures.append(BenchFigure(name: "text texture cache, largest after a size's run",
                               value: Double(cacheBytes) / 1_048_576, unit: "MiB",
                               target: .atMost(Double(cacheBound) / 1_048_576)))
    return figures
}

/// Flings towards older messages and times every frame until the list rests (at most 2 s a
/// fling). A finger goes down in the list, moves 80 px a frame for 5 frames (4,800 px/s) and
/// lifts. Near the top of the scrollback the list first jumps back to the bottom (untimed).
/// `beforeFrame` runs before each timed frame, untimed itself (what lands during a fling).
@MainActor
func flingFrames(_ fixture: ChatFixture, flings: Int, beforeFrame: () -> Void = {}) -> FrameTimes {
    var times = FrameTimes()
    let list = fixture.screen.messages
    for index in 0..<flings {
        if list.y < 3 * list.viewportHeight {
            list.jumpToBottom()
            for _ in 0..<40 { fixture.frame() }
        }
        let frame = fixture.listFrame
        var finger = Point(x: frame.midX, y: frame.minY + 100)
        fixture.input(.fingerDown(TouchEvent(fingerID: 1, position: finger)))
        fixture.frame()
        for _ in 0..<5 {
            finger.y += 80
            fixture.input(.fingerMove(TouchEvent(fingerID: 1, position: finger)))
            fixture.frame()
        }
        fixture.input(.fingerUp(TouchEvent(fingerID: 1, position: finger)))
        var lastY = list.y
        for _ in 0..<120 {
            beforeFrame()
            if index == 0 {
                fixture.frame()   // the first fling warms up
            } else {
                _ = times.time { fixture.frame() }
            }
            if list.y == lastY { break }
            lastY = list.y
        }
    }
    return times
}

/// Heap bytes per stored message: glibc's allocated bytes (`mallinfo2`: arena plus mmapped
/// chunks) after storing `n` messages, minus before, over `n`. The screen is laid out but not
/// painted in between, so the bounded caches (text textures, layouts of the rows near the
/// viewport, measured widths) are already warm before and do not grow with `n`.
@MainActor
private func bytesPerMessage(_ n: Int) -> Double {
    let lines = Traffic.lines(count: n + 200, seed: 31, textLength: 100)
    let fixture = ChatFixture(scrollbackCap: 200_000)
    fixture.receive(Array(lines[..<200]))
    fixture.frame()
    let base = fixture.buffer.scrollback.count
    // The generated lines stay alive until after the second reading (Swift may otherwise free
    // them after their last use, which would hide their size from the difference).
    let (before, after) = withExtendedLifetime(lines) {
        let before = heapBytes()
        fixture.receive(Array(lines[200...]))
        fixture.controller.sync()
        fixture.host.layoutIfNeeded()
        return (before, heapBytes())
    }
    precondition(fixture.buffer.scrollback.count == base + n)
    return Double(after - before) / Double(n)
}

func heapBytes() -> Int {
    let info = mallinfo2()
    return Int(info.uordblks) + Int(info.hblkhd)
}
