/// One benchmark suite: an id for the command line, a title, and the code that measures it.
struct BenchSuite: Sendable {
    /// The name used on the command line (`natter-bench protocol`).
    let id: String
    /// The section title.
    let title: String
    /// Runs the measurements and returns the figures.
    let run: @Sendable () -> [BenchFigure]
}

/// One measured figure and, when there is one, its target.
struct BenchFigure: Sendable {
    enum Target: Sendable {
        case atLeast(Double)
        case atMost(Double)
    }

    let name: String
    let value: Double
    let unit: String
    let target: Target?

    /// `nil` when the figure has no target.
    var passed: Bool? {
        switch target {
        case .atLeast(let minimum): return value >= minimum
        case .atMost(let maximum): return value <= maximum
        case nil: return nil
        }
    }

    static func format(_ value: Double) -> String {
        if value >= 1000 {
            let rounded = Int(value.rounded())
            var digits = Array(String(rounded))
            var i = digits.count - 3
            while i > 0 { digits.insert(",", at: i); i -= 3 }
            return String(digits)
        }
        return value == value.rounded() ? String(Int(value)) : String(format2: value)
    }

    static func markdownSection(title: String, figures: [BenchFigure]) -> String {
        var out = "## \(title)\n\n| figure | value | unit | target | result |\n|---|---:|---|---|---|\n"
        for f in figures {
            let target: String
            switch f.target {
            case .atLeast(let v): target = "≥ \(format(v))"
            case .atMost(let v): target = "≤ \(format(v))"
            case nil: target = "–"
            }
            let result = f.passed.map { $0 ? "pass" : "FAIL" } ?? "–"
            out += "| \(f.name) | \(format(f.value)) | \(f.unit) | \(target) | \(result) |\n"
        }
        return out
    }
}

extension String {
    /// Two decimals, without Foundation's locale-dependent formatting.
    init(format2 value: Double) {
        let hundredths = Int((value * 100).rounded())
        let fraction = abs(hundredths % 100)
        self = "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// Measurement helpers: a monotonic clock, warm-up, best of several runs.
enum Measure {
    /// Runs `body` once to warm up, then `runs` times, and returns the best rate in items per
    /// second, where one call of `body` processes `items` items.
    static func bestRate(items: Int, runs: Int = 7, _ body: () -> Int) -> Double {
        var sink = body()
        var best = Double.infinity
        let clock = ContinuousClock()
        for _ in 0..<runs {
            let start = clock.now
            sink &+= body()
            let elapsed = clock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            best = min(best, seconds)
        }
        blackHole(sink)
        return Double(items) / best
    }

    @inline(never)
    static func blackHole(_ value: Int) {
        if value == 0x5EED_F00D { print("") }
    }
}

/// SplitMix64: a small seeded PRNG so the generated traffic is the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
