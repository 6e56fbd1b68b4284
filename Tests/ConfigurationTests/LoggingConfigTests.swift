@testable import Configuration
import ChatModel
import Foundation
import Testing

/// `[logging]` and `[input] history`: read, and turned into what the app starts with.
struct LoggingConfigTests {
    let environment = ["HOME": "/home/me", "XDG_DATA_HOME": "/data"]

    @Test func theLogFolderIsTheDataFoldersUnlessSaid() throws {
        #expect(try ConfigLoader.parse("", file: "c").logRoot(environment: environment)?.path == "/data/natter/logs")
        #expect(try ConfigLoader.parse("[logging]\nfolder = \"~/irc-logs\"", file: "c").logRoot(environment: environment)?.path
                == "/home/me/irc-logs")
        #expect(try ConfigLoader.parse("[logging]\nfolder = \"/srv/logs\"", file: "c").logRoot(environment: environment)?.path
                == "/srv/logs")
        #expect(try ConfigLoader.parse("[logging]\nenabled = false", file: "c").logRoot(environment: environment) == nil)
        #expect(throws: ConfigError.self) { try ConfigLoader.parse("[logging]\nfolder = \"logs\"", file: "c") }
    }

    @Test func theHistorySizeLimitsWhatEachBufferKeeps() throws {
        let config = try ConfigLoader.parse("[input]\nhistory = 3", file: "c")
        var history = InputHistory(limit: config.inputHistoryLines)
        let id = BufferID(network: "n", name: "#c")
        for n in 1...5 { history.add("line \(n)", in: id) }
        #expect(history.lines(in: id) == ["line 3", "line 4", "line 5"])
        history.limit = 1
        #expect(history.lines(in: id) == ["line 5"])
        #expect(throws: ConfigError.self) { try ConfigLoader.parse("[input]\nhistory = -1", file: "c") }
    }
}
