import IRCProtocol

/// IRCProtocol: parsing typical channel traffic, and the byte-level line decoder.
let protocolBench = BenchSuite(id: "protocol", title: "IRCProtocol") {
    let lines = Traffic.lines(count: 100_000)
    let parseRate = Measure.bestRate(items: lines.count) {
        var checksum = 0
        for line in lines {
            if let message = try? IRCMessage(parsing: line) {
                checksum &+= message.parameters.count &+ message.tags.count
            }
        }
        return checksum
    }
    var stream: [UInt8] = []
    for line in lines { stream += Array(line.utf8); stream += [0x0D, 0x0A] }
    let bytes = stream.count
    let decodeRate = Measure.bestRate(items: lines.count) {
        var decoder = IRCLineDecoder()
        var checksum = 0
        var offset = 0
        while offset < stream.count {   // 16 KiB reads, as a socket would deliver them
            let end = min(stream.count, offset + 16_384)
            for case .success(let line) in decoder.decode(stream[offset..<end]) {
                checksum &+= line.utf8.count
            }
            offset = end
        }
        return checksum
    }
    let serializeMessages = lines.prefix(20_000).compactMap { try? IRCMessage(parsing: $0) }
    let serializeRate = Measure.bestRate(items: serializeMessages.count) {
        serializeMessages.reduce(0) { $0 &+ $1.serialized().utf8.count }
    }
    return [
        BenchFigure(name: "parse channel lines (IRCMessage(parsing:))", value: parseRate, unit: "lines/s",
                    target: .atLeast(1_000_000)),
        BenchFigure(name: "decode byte stream into lines (IRCLineDecoder)", value: decodeRate, unit: "lines/s", target: nil),
        BenchFigure(name: "decode byte stream", value: decodeRate * Double(bytes) / Double(lines.count) / 1_000_000,
                    unit: "MB/s", target: nil),
        BenchFigure(name: "serialize messages", value: serializeRate, unit: "lines/s", target: nil),
    ]
}
