import Foundation
import Configuration
import Scenario

/// The two readers of files a user writes by hand: `config.toml` and `natter render` scenarios.
/// Whatever the text, reading it returns a value or an error that names a line inside the
/// file, and reading the same text twice gives the same answer.
enum AppFuzz {
    static func config(_ data: [UInt8]) {
        let text = String(decoding: data, as: UTF8.self)
        let lineCount = text.utf8.count { $0 == 0x0A } + 1
        let first = Result { () throws(ConfigError) in try ConfigLoader.parse(text, file: "config.toml") }
        switch first {
        case .success(let config):
            precondition((try? ConfigLoader.parse(text, file: "config.toml")) == config, "config read twice differs")
        case .failure(let error):
            precondition(error.file == "config.toml", "error names another file")
            if let line = error.line { precondition(line >= 0 && line <= lineCount + 1, "error line \(line) outside the file") }
            precondition(!error.message.isEmpty, "an error without a message")
        }
    }

    static func scenario(_ data: [UInt8]) {
        let text = String(decoding: data, as: UTF8.self)
        let lineCount = text.utf8.count { $0 == 0x0A } + 1
        do {
            let steps = try ScenarioParser.parse(text, file: "x.scenario")
            var previous = 0
            for step in steps {
                precondition(step.line > previous && step.line <= lineCount, "step line \(step.line) out of order")
                previous = step.line
            }
        } catch {
            precondition(error.line >= 1 && error.line <= lineCount, "error line \(error.line) outside the file")
            precondition(!error.message.isEmpty, "an error without a message")
        }
    }
}
