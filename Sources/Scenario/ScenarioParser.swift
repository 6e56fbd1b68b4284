import ChatModel
import Configuration
import FoundationEssentials
import FoundationExtras
import NatterUI
import Widgets

/// Reads the scenario format: one command per line, `#` comment lines and blank lines ignored,
/// arguments separated by spaces, the rest of a `server`/`recv`/`type`/`timestamps` line after
/// the command word and one space taken verbatim. Times are `250ms`, `16.667ms` or `1.5s`.
public enum ScenarioParser {
    /// Parses `text` (the contents of `file`, which names errors).
    public static func parse(_ text: String, file: String) throws(ScenarioError) -> [ScenarioStep] {
        var steps: [ScenarioStep] = []
        for (index, line) in text.textLines.enumerated() {
            let number = index + 1
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            do {
                steps.append(ScenarioStep(command: try command(String(trimmed)), line: number))
            } catch let message {
                throw ScenarioError(file: file, line: number, message: message.text)
            }
        }
        return steps
    }

    /// What is wrong with one line, without its place (the parser adds file and line).
    public struct Problem: Error, Sendable { public var text: String }

    static func command(_ line: String) throws(Problem) -> ScenarioCommand {
        let word = String(line.prefix { $0 != " " })
        let rest = line.count > word.count ? String(line.dropFirst(word.count + 1)) : ""
        let args = rest.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        func count(_ n: ClosedRange<Int>) throws(Problem) {
            guard n.contains(args.count) else {
                throw Problem(text: "`\(word)` takes \(n.lowerBound == n.upperBound ? "\(n.lowerBound)" : "\(n.lowerBound)–\(n.upperBound)") argument(s), got \(args.count)")
            }
        }
        switch word {
        case "size":
            try count(1...1)
            let parts = args[0].lowercased().split(separator: "x")
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0, w <= 8192, h <= 8192 else {
                throw Problem(text: "size must be WIDTHxHEIGHT, e.g. 1024x768")
            }
            return .size(width: w, height: h)
        case "scale":
            try count(1...1)
            let s = try number(args[0])
            guard s >= 0.5 && s <= 4 else { throw Problem(text: "scale must be between 0.5 and 4") }
            return .scale(s)
        case "fps":
            try count(1...1)
            let f = try number(args[0])
            guard f >= 1 && f <= 1000 else { throw Problem(text: "fps must be between 1 and 1000") }
            return .fps(f)
        case "nick": try count(1...1); return .nick(args[0])
        case "network": try count(1...1); return .network(args[0])
        case "buffer": try count(1...1); return .buffer(args[0])
        case "server", "recv", "type":
            guard !rest.isEmpty else { throw Problem(text: "`\(word)` needs text after it") }
            return word == "server" ? .server(rest) : word == "recv" ? .recv(rest) : .type(rest)
        case "compose": return .compose(rest)
        case "screen":
            try count(1...1)
            guard ["first-run", "chat"].contains(args[0]) else { throw Problem(text: "screen takes first-run or chat") }
            return .screen(args[0])
        case "spell":
            try count(1...1)
            return .spell(args[0])
        case "theme":
            try count(1...1)
            guard ["light", "dark"].contains(args[0]) else { throw Problem(text: "theme takes light or dark") }
            return .theme(args[0])
        case "timestamps":
            // Checked as the config checks `timestamp_format`.
            guard !rest.isEmpty else { throw Problem(text: "`timestamps` needs a format after it") }
            do { _ = try TimestampFormat(checking: rest) } catch { throw Problem(text: error.description) }
            return .timestamps(rest)
        case "paste":
            guard !rest.isEmpty else { throw Problem(text: "`paste` needs text after it") }
            return .paste(rest.replacing("\\n", with: "\n"))
        case "settings":
            try count(0...1)
            guard let word = args.first else { return .settings(nil) }
            guard let section = SettingSection(rawValue: word) else {
                throw Problem(text: "settings takes a section: " + SettingSection.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return .settings(section)
        case "field": try count(1...1); return .field(args[0])
        case "preview":
            try count(2...4)
            var delay = 0.0, image: String?
            for arg in args.dropFirst(2) {
                if let seconds = try? duration(arg) { delay = seconds } else if image == nil { image = arg } else {
                    throw Problem(text: "preview takes URL FILE [DELAY] [IMAGE]")
                }
            }
            return .preview(url: args[0], file: args[1], delay: delay, image: image)
        case "upload-progress":
            try count(3...3)
            guard let sent = Int64(args[1]), let total = Int64(args[2]), sent >= 0, total > 0, sent <= total else {
                throw Problem(text: "`upload-progress NAME SENT TOTAL` takes byte counts, SENT at most TOTAL")
            }
            return .uploadProgress(name: args[0], sent: sent, total: total)
        case "config": try count(1...1); return .config(args[0])
        case "history": try count(2...2); return .history(buffer: args[0], file: args[1])
        case "reveal":
            try count(1...2)
            var time: Date?
            if args.count == 2 {
                time = try? Date(args[1], strategy: .iso8601)
                guard time != nil else { throw Problem(text: "reveal's time is ISO 8601, e.g. 2024-01-01T11:00:00Z") }
            }
            return .reveal(id: args[0], time: time)
        case "log":
            guard args.count >= 3 else { throw Problem(text: "`log` takes a buffer, a day (YYYY-MM-DD) and a log line") }
            let day = args[1].split(separator: "-")
            guard day.count == 3, day.allSatisfy({ Int($0) != nil }), args[1].count == 10 else {
                throw Problem(text: "log's day is YYYY-MM-DD, e.g. 2023-11-02")
            }
            return .log(buffer: args[0], day: args[1], line: String(rest.dropFirst(args[0].count + 1 + args[1].count + 1)))
        case "older":
            try count(2...2)
            guard let n = Int(args[1]), n > 0, n <= 100_000 else { throw Problem(text: "older needs a count from 1 to 100000") }
            return .older(buffer: args[0], count: n)
        case "wait": try count(1...1); return .wait(try duration(args[0]))
        case "tick": try count(0...0); return .tick
        case "at": try count(1...1); return .at(try duration(args[0]))
        case "wheel":
            try count(1...4)
            if args.count == 1 { return .wheel(try number(args[0])) }
            guard args.count >= 3 else { throw Problem(text: "wheel takes N, or N X Y and modifiers") }
            var modifiers: Modifiers = []
            if args.count == 4 {
                // The modifiers are a key's without the key: `Ctrl`, `Ctrl+Shift`.
                do { modifiers = try KeyName.parse(args[3] + "+A").modifiers } catch { throw Problem(text: error.text) }
            }
            return .wheelAt(try number(args[0]), x: try number(args[1]), y: try number(args[2]), modifiers: modifiers)
        case "viewer": try count(1...1); return .viewer(args[0])
        case "pinch":
            try count(3...3)
            let factor = try number(args[0])
            guard factor > 0 else { throw Problem(text: "pinch needs a factor above 0") }
            return .pinch(factor, x: try number(args[1]), y: try number(args[2]))
        case "scroll": try count(1...1); return .scroll(try number(args[0]))
        case "touch":
            try count(3...3)
            guard let phase = ScenarioCommand.TouchPhase(rawValue: args[0]) else {
                throw Problem(text: "touch takes down, move or up")
            }
            return .touch(phase, x: try number(args[1]), y: try number(args[2]))
        case "mouse":
            try count(3...4)
            let x = try number(args[1]), y = try number(args[2])
            let button = args.count == 4 ? try mouseButton(args[3]) : .left
            switch args[0] {
            case "move": guard args.count == 3 else { throw Problem(text: "mouse move takes X Y") }; return .mouseMove(x: x, y: y)
            case "down": return .mouseDown(x: x, y: y, button: button)
            case "up": return .mouseUp(x: x, y: y, button: button)
            default: throw Problem(text: "mouse takes move, down or up")
            }
        case "click": try count(2...2); return .click(x: try number(args[0]), y: try number(args[1]))
        case "key":
            try count(1...1)
            do { return .key(try KeyName.parse(args[0])) } catch { throw Problem(text: error.text) }
        case "snapshot":
            try count(1...1)
            guard args[0].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }),
                  !args[0].hasPrefix(".") else {
                throw Problem(text: "snapshot names use letters, digits, '-', '_' and '.'")
            }
            return .snapshot(args[0])
        default:
            throw Problem(text: "unknown command `\(word)`")
        }
    }

    /// Seconds from `250ms`, `16.667ms` or `1.5s`.
    static func duration(_ text: String) throws(Problem) -> Double {
        if text.hasSuffix("ms"), let v = Double(text.dropLast(2)), v >= 0 { return v / 1000 }
        if text.hasSuffix("s"), let v = Double(text.dropLast(1)), v >= 0 { return v }
        throw Problem(text: "`\(text)` is not a time: write 250ms or 1.5s")
    }

    static func number(_ text: String) throws(Problem) -> Double {
        guard let v = Double(text), v.isFinite else { throw Problem(text: "`\(text)` is not a number") }
        return v
    }

    static func mouseButton(_ text: String) throws(Problem) -> MouseButton {
        switch text {
        case "left", "1": return .left
        case "middle", "2": return .middle
        case "right", "3": return .right
        default: throw Problem(text: "mouse buttons are left, middle and right")
        }
    }
}
