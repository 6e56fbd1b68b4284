import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// The model's part of uploads: whether a network's server offers a usable file host
/// (`soju.im/FILEHOST`), the login it is given, `/upload`'s checks and refusals, pasted paths,
/// and the sentences of how an upload ended.
struct UploadModelTests {
    let model = ChatModel(settings: ModelSettings())
    let now = SessionTime(monotonic: 0, wall: Date(timeIntervalSince1970: 1_700_000_000))
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("natter-upload-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// A registered network whose 005 carries `tokens`; its link as the hub reports it.
    @discardableResult
    func connect(_ tokens: String, link: LinkState = .connected(warning: ""),
                 sasl: SASLMechanismConfig? = .plain(account: "ada", password: "hunter2")) -> ChatNetwork? {
        var configuration = SessionConfiguration(nick: "me", user: "me", realName: "Me")
        configuration.sasl = sasl
        model.addNetwork(name: "Test", configuration: configuration)
        model.setLink(link, network: "Test")
        _ = model.handle(.connected(now: now), network: "Test")
        for line in [":srv 001 me :Welcome", ":srv 005 me CHANTYPES=# \(tokens) :are supported", ":srv 376 me :End of MOTD",
                     ":me!u@h JOIN #natter", ":srv 366 me #natter :End"] {
            _ = model.handle(.received(try! IRCMessage(parsing: line), now: now), network: "Test")
        }
        return model.network("Test")
    }

    func receive(_ line: String) {
        _ = model.handle(.received(try! IRCMessage(parsing: line), now: now), network: "Test")
    }

    func file(_ name: String, bytes: Int = 10) throws -> String {
        let path = folder + "/" + name
        try Data(repeating: 0x61, count: bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    var channel: BufferID { BufferID(network: "Test", name: "#natter") }

    func lastNote() -> String? { model.buffer(channel)?.lines.last?.text }

    @Test func anHTTPSFileHostCanBeUsedAndGoesWithItsToken() throws {
        let network = try #require(connect("soju.im/FILEHOST=https://files.example/upload"))
        #expect(network.canUpload)
        #expect(network.uploadURL == "https://files.example/upload")
        receive(":srv 005 me -soju.im/FILEHOST :are supported")
        #expect(!network.canUpload, "a token taken back takes the file host with it")
        #expect(network.uploadRefusal?.contains("offers no file host") == true)
    }

    @Test func plainHTTPOnlyToThisMachineBesideAnUnencryptedLink() throws {
        let network = try #require(connect("soju.im/FILEHOST=http://127.0.0.1:8080/up", link: .connected(warning: "no TLS")))
        #expect(network.uploadURL == "http://127.0.0.1:8080/up")
        model.setLink(.connected(warning: ""), network: "Test")
        #expect(!network.canUpload, "the IRC link is encrypted: plain HTTP is refused")
        #expect(network.uploadRefusal?.contains("https only") == true)
        model.setLink(.connected(warning: "no TLS"), network: "Test")
        receive(":srv 005 me soju.im/FILEHOST=http://files.example/up :are supported")
        #expect(!network.canUpload, "plain HTTP to another machine is refused")
        receive(":srv 005 me soju.im/FILEHOST=ftp://files.example/up :are supported")
        #expect(!network.canUpload, "a scheme Natter does not speak is ignored")
        // A name that only starts like a loopback address is another machine.
        receive(":srv 005 me soju.im/FILEHOST=http://127.files.example/up :are supported")
        #expect(!network.canUpload, "127.files.example is not loopback")
        receive(":srv 005 me soju.im/FILEHOST=http://127.0.0.1.evil.example/up :are supported")
        #expect(!network.canUpload)
        receive(":srv 005 me soju.im/FILEHOST=http://127.5.6.7:81/up :are supported")
        #expect(network.canUpload, "all of 127/8 is this machine")
    }

    @Test func theLoginIsTheSASLAccountAndPassword() throws {
        let network = try #require(connect("soju.im/FILEHOST=https://f.example/"))
        #expect(network.uploadCredentials == UploadCredentials(user: "ada", password: "hunter2"))
        #expect(!"\(network.uploadCredentials!)".contains("hunter2"), "a description never shows the password")
        let external = try #require(try UploadModelTests().connect("soju.im/FILEHOST=https://f.example/", sasl: .external))
        #expect(external.uploadCredentials == nil)
        // A SCRAM password is never sent: the server was never meant to learn it.
        let scram = try #require(try UploadModelTests().connect("soju.im/FILEHOST=https://f.example/",
                                                               sasl: .scramSHA256(account: "ada", password: "hunter2")))
        #expect(scram.uploadCredentials == nil)
    }

    @Test func uploadChecksTheFileAndHandsItToTheApp() throws {
        connect("soju.im/FILEHOST=https://files.example/upload")
        let path = try file("cat one.png", bytes: 1234)
        let effects = Commands(model: model).run(line: "/upload \(path)", in: channel, now: now)
        let request = UploadRequest(network: "Test", buffer: channel, path: path, fileName: "cat one.png", size: 1234,
                                    uploadURL: "https://files.example/upload", contentType: "image/png")
        #expect(effects == [.upload(request)])
    }

    @Test func uploadRefusesInSentences() throws {
        let commands = Commands(model: model)
        connect("")
        let path = try file("notes.txt")
        #expect(commands.run(line: "/upload \(path)", in: channel, now: now).isEmpty)
        #expect(lastNote()?.contains("Test offers no file host") == true)
        receive(":srv 005 me soju.im/FILEHOST=https://files.example/upload :are supported")
        #expect(commands.run(line: "/upload \(folder)/missing.png", in: channel, now: now).isEmpty)
        #expect(lastNote() == "There is no file at \(folder)/missing.png")
        #expect(commands.run(line: "/upload \(folder)", in: channel, now: now).isEmpty)
        #expect(lastNote() == "\(folder) is a folder: only a file can be uploaded")
        #expect(commands.run(line: "/upload", in: channel, now: now).isEmpty)
        #expect(lastNote()?.hasPrefix("usage: /upload PATH") == true)
    }

    @Test func aHomePathAndAFileURIAreFiles() throws {
        connect("soju.im/FILEHOST=https://files.example/upload")
        let path = try file("a b.txt")
        let home = try model.uploadRequest(path: "~/a b.txt", in: channel, home: folder).get()
        #expect(home.path == path && home.contentType == "text/plain")
        let uri = try model.uploadRequest(path: "file://" + path.replacing(" ", with: "%20"), in: channel).get()
        #expect(uri.path == path)
        // A relative path is in the home folder, not wherever Natter was started from.
        let relative = try model.uploadRequest(path: "a b.txt", in: channel, home: folder).get()
        #expect(relative.path == path)
        // A URI naming another machine names no file here.
        #expect(throws: (any Error).self) { try model.uploadRequest(path: "file://server" + path, in: channel).get() }
    }

    /// Only a pasted file:// URI (a file copied in a file manager) of an existing file
    /// uploads: a bare path pasted is text, never sent anywhere unasked.
    @Test func onlyAPastedFileURIOfAnExistingFileUploads() throws {
        connect("soju.im/FILEHOST=https://files.example/upload")
        let path = try file("x.gif")
        let uri = "file://" + path
        #expect(model.pastedUpload(uri + "\n", in: channel)?.path == path)
        #expect(model.pastedUpload(path, in: channel) == nil, "a bare path is text")
        #expect(model.pastedUpload("look at " + uri, in: channel) == nil)
        #expect(model.pastedUpload(uri + "\n" + uri, in: channel) == nil)
        #expect(model.pastedUpload("file://" + folder + "/nothing.gif", in: channel) == nil)
        receive(":srv 005 me -soju.im/FILEHOST :are supported")
        #expect(model.pastedUpload(uri, in: channel) == nil, "without a file host a URI is text")
    }

    @Test func outcomesAreSentences() {
        let request = UploadRequest(network: "Test", buffer: channel, path: "/tmp/cat.png", fileName: "cat.png",
                                    size: 3 * 1024 * 1024, uploadURL: "https://f.example/", contentType: "image/png")
        #expect(UploadOutcome.refused(status: 413, message: nil).sentence(for: request)
                == ("The server refused cat.png: at 3 MiB it is larger than the file host accepts", true))
        #expect(UploadOutcome.refused(status: 401, message: "Bad login").sentence(for: request)
                == ("The server refused cat.png: it did not accept Test's login: “Bad login”", true))
        #expect(UploadOutcome.cancelled.sentence(for: request) == ("The upload of cat.png was cancelled", false))
        #expect(UploadOutcome.size(1536) == "1.5 KiB" && UploadOutcome.size(12) == "12 bytes")
    }
}

/// Tab after `/upload`: the names in the typed path's folder, folders marked with a `/`.
struct UploadPathCompletionTests {
    @Test func theFolderOfThePathBeingTypedIsListed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("natter-complete-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/cats", withIntermediateDirectories: true)
        for name in ["cat.png", "car.txt", ".cache", "dog.png"] {
            _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data())
        }
        let model = ChatModel(settings: ModelSettings())
        #expect(model.uploadPathCompletions(of: folder + "/ca") == [folder + "/car.txt", folder + "/cat.png", folder + "/cats/"])
        #expect(model.uploadPathCompletions(of: folder + "/.c") == [folder + "/.cache"])
        #expect(model.uploadPathCompletions(of: "~/d", home: folder) == ["~/dog.png"])
        #expect(model.uploadPathCompletions(of: folder + "/nothing/x").isEmpty)
    }
}
