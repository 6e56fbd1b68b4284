import Foundation

/// The top of BENCHMARKS.md: what ran, when, on which machine, and how figures are taken.
func benchHeader() -> String {
    let date = ISO8601DateFormatter().string(from: Date())
    let toolchain = ProcessInfo.processInfo.environment["NATTER_BENCH_TOOLCHAIN"] ?? "Swift (version not given)"
    return """
        # Benchmarks

        Written by `make bench` (`natter-bench [SUITE ...]`, release build) on \(date).

        Machine: \(cpuModel()), \(ProcessInfo.processInfo.activeProcessorCount) cores, \
        \(ProcessInfo.processInfo.physicalMemory >> 30) GiB; \(osName()); \(toolchain); \
        load average \(loadAverage()) when the run started (frame times are wall-clock times and \
        grow when other processes compete for the cores).

        Throughput figures are the best of several timed runs after a warm-up, measured with
        `ContinuousClock` on one core; frame times (the render and list suites) are the median and
        95th percentile of many frames drawn headless by SDL's software renderer at 1920×1080, of
        the quietest of three rounds (the one with the lowest median; the first paint of new lines
        is timed once).
        Traffic is generated in code with a seeded PRNG (SplitMix64): PRIVMSG lines like
        `@time=…;msgid=…;account=userN :userN!~userN@host-N.example.org PRIVMSG #natter :<text>`,
        texts of 60–200 characters (exactly 100 in the list suite; words incl. non-ASCII and
        emoji), one in four with mIRC codes.
        `natter-bench` exits with status 1 when a figure misses its target. How the hot paths are
        built, and the allocation count per parsed line, are in docs/PERFORMANCE.md.

        """
}

/// The 1-minute load average from /proc/loadavg.
private func loadAverage() -> String {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
          let first = text.split(separator: " ").first else { return "unknown" }
    return String(first)
}

private func cpuModel() -> String {
    guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
          let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
          let colon = line.firstIndex(of: ":") else { return "unknown CPU" }
    return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
}

private func osName() -> String {
    guard let release = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8),
          let line = release.split(separator: "\n").first(where: { $0.hasPrefix("PRETTY_NAME=") }) else {
        return "Linux"
    }
    return line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
}
