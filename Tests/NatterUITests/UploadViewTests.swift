import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import NatterUI
import Testing
import Widgets

/// Uploads on the screen: a pasted path or a dropped file handed to the app, the bar above the
/// input while one goes, Escape (or the bar's button) asking to cancel it, the address put at
/// the caret, the server's refusal said in the buffer, and a drop where nothing uploads.
@MainActor
struct UploadViewTests {
    let file: String

    init() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("natter-uploadview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        file = folder.appendingPathComponent("cat.png").path
        try Data(repeating: 1, count: 2048).write(to: URL(fileURLWithPath: file))
    }

    static let withFileHost = [":srv 001 me :Welcome", ":srv 005 me CHANTYPES=# soju.im/FILEHOST=https://f.example/up :are supported",
                               ":srv 376 me :End", ":me!u@h JOIN #c"]

    @Test func aPastedFileURIUploadsAndTheAddressLandsAtTheCaret() throws {
        let (chat, host, _) = try chatRig(Self.withFileHost, showing: "#c")
        var asked: [UploadRequest] = []
        var cancels = 0
        chat.controller.onUpload = { asked.append($0) }
        chat.controller.onCancelUpload = { cancels += 1 }
        #expect(!chat.controller.input.paste(file), "a bare path pasted is text")
        #expect(asked.isEmpty)
        #expect(chat.controller.input.paste("file://" + file))
        #expect(asked.map(\.fileName) == ["cat.png"] && asked.first?.size == 2048)
        #expect(chat.screen.input.text.isEmpty, "the path is not typed")

        chat.controller.input.uploadProgressed(UploadStatus(fileName: "cat.png", sent: 1024, total: 2048))
        host.layoutIfNeeded()
        #expect(!chat.screen.uploadBar.isHidden)
        #expect(chat.screen.uploadBar.label.text.string == "Uploading cat.png — 50 % of 2 KiB · Escape cancels")
        host.handle(.keyDown(KeyEvent(.escape)))
        #expect(cancels == 1)

        host.handle(.textInput("see"))
        chat.controller.input.uploadEnded(asked[0], .uploaded(url: "https://f.example/x/cat.png"))
        #expect(chat.screen.uploadBar.isHidden)
        #expect(chat.screen.input.text == "see https://f.example/x/cat.png", "at the caret, a space before it")
        host.handle(.keyDown(KeyEvent(.escape)))
        #expect(cancels == 1, "no upload: Escape asks nothing")
    }

    @Test func aRefusalIsSaidInTheBuffer() throws {
        let (chat, _, _) = try chatRig(Self.withFileHost, showing: "#c")
        var asked: [UploadRequest] = []
        chat.controller.onUpload = { asked.append($0) }
        chat.controller.input.dropFile(file)
        let request = try #require(asked.first)
        chat.controller.input.uploadEnded(request, .refused(status: 413, message: nil))
        #expect(chat.model.buffer(BufferID(network: "Net", name: "#c"))?.lines.last?.text
                == "The server refused cat.png: at 2 KiB it is larger than the file host accepts")
        #expect(chat.screen.input.text.isEmpty)
    }

    @Test func whereNothingUploadsADropSaysSoAndAPathIsText() throws {
        let (chat, host, _) = try chatRig([":srv 001 me :Welcome", ":srv 376 me :End", ":me!u@h JOIN #c"], showing: "#c")
        var asked: [UploadRequest] = []
        chat.controller.onUpload = { asked.append($0) }
        host.onFileDrop = { chat.controller.input.dropFile($0) }
        host.handle(.fileDropped(file))
        #expect(asked.isEmpty)
        #expect(chat.model.buffer(BufferID(network: "Net", name: "#c"))?.lines.last?.text
                == "Net offers no file host: files can be uploaded only where the server has one (soju.im/FILEHOST)")
        #expect(!chat.controller.input.paste(file), "a single line is left to the field to type")
        #expect(asked.isEmpty)
    }
}

/// Tab after `/upload` completes the path from the folder's names, a folder without a space.
struct UploadTabCompletionTests {
    @Test func pathsAreCompletedAfterUpload() {
        var completer = TabCompleter()
        let paths: (String) -> [String] = { word in ["/home/me/cats/", "/home/me/cat.png"].filter { $0.hasPrefix(word) } }
        let folder = completer.complete(text: "/upload /home/me/cats", caret: 21, backwards: false, nicks: ["catnip"], channels: [],
                                        commands: [], paths: paths)
        #expect(folder?.text == "/upload /home/me/cats/")
        completer.reset()
        let file = completer.complete(text: "/upload /home/me/cat.", caret: 21, backwards: false, nicks: [], channels: [],
                                      commands: [], paths: paths)
        #expect(file?.text == "/upload /home/me/cat.png ")
        completer.reset()
        let nick = completer.complete(text: "/msg cat", caret: 8, backwards: false, nicks: ["catnip"], channels: [], commands: [],
                                      paths: paths)
        #expect(nick?.text == "/msg catnip ", "other commands' words are nicks as before")
    }
}
