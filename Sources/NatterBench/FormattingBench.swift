import IRCFormatting

/// IRCFormatting: parsing and stripping the texts of typical channel traffic.
let formattingBench = BenchSuite(id: "formatting", title: "IRCFormatting") {
    let texts = Traffic.texts(count: 100_000)
    let formatted = texts.filter { $0.utf8.contains { $0 < 0x20 } }
    let parseRate = Measure.bestRate(items: texts.count) {
        texts.reduce(0) { $0 &+ parseFormatting($1).count }
    }
    let formattedRate = Measure.bestRate(items: formatted.count) {
        formatted.reduce(0) { $0 &+ parseFormatting($1).count }
    }
    let stripRate = Measure.bestRate(items: texts.count) {
        texts.reduce(0) { $0 &+ stripFormatting($1).utf8.count }
    }
    let urlRate = Measure.bestRate(items: texts.count) {
        texts.reduce(0) { $0 &+ detectURLs(in: $1).count }
    }
    return [
        BenchFigure(name: "parseFormatting, channel texts (1 in 4 formatted)", value: parseRate, unit: "lines/s",
                    target: .atLeast(1_000_000)),
        BenchFigure(name: "parseFormatting, formatted texts only", value: formattedRate, unit: "lines/s", target: nil),
        BenchFigure(name: "stripFormatting, channel texts", value: stripRate, unit: "lines/s", target: nil),
        BenchFigure(name: "detectURLs, channel texts", value: urlRate, unit: "lines/s", target: nil),
    ]
}
