import ChatModel
import NIOHTTP1
import Testing
@testable import Uploads

/// The HTTP of an upload as the file-host specification asks it: the request's method, target
/// and headers, the file's name as a header value, and the answer read into an outcome.
struct UploadHTTPTests {
    let request = UploadRequest(network: "soju", buffer: BufferID(network: "soju", name: "#c"), path: "/tmp/cat.png",
                                fileName: "cat.png", size: 1234, uploadURL: "https://files.example:8443/up?x=1",
                                contentType: "image/png")

    @Test func theTargetIsTakenFromTheUploadURL() throws {
        let target = try #require(UploadHTTP.target("https://files.example:8443/up/load?x=1"))
        #expect(target == UploadHTTP.Target(host: "files.example", port: 8443, isTLS: true, requestURI: "/up/load?x=1"))
        #expect(UploadHTTP.target("http://[::1]/")?.host == "::1")
        #expect(UploadHTTP.target("https://files.example")?.requestURI == "/")
        #expect(UploadHTTP.target("http://127.0.0.1/")?.port == 80)
        #expect(UploadHTTP.target("ftp://files.example/") == nil)
    }

    @Test func theRequestIsAPOSTWithTheFilesTypeNameSizeAndLogin() throws {
        let target = try #require(UploadHTTP.target(request.uploadURL))
        let head = UploadHTTP.head(for: request, target: target, credentials: UploadCredentials(user: "ada", password: "hunter2"))
        #expect(head.method == .POST && head.uri == "/up?x=1" && head.version == .http1_1)
        #expect(head.headers["Host"] == ["files.example:8443"])
        #expect(head.headers["Content-Type"] == ["image/png"])
        #expect(head.headers["Content-Length"] == ["1234"])
        #expect(head.headers["Content-Disposition"] == ["attachment; filename=\"cat.png\""])
        // base64("ada:hunter2")
        #expect(head.headers["Authorization"] == ["Basic YWRhOmh1bnRlcjI="])
        let anonymous = UploadHTTP.head(for: request, target: target, credentials: nil)
        #expect(anonymous.headers["Authorization"].isEmpty)
    }

    @Test func aNameBeyondASCIIIsSentAsUTF8Too() {
        #expect(UploadHTTP.contentDisposition("say \"hi\".txt") == #"attachment; filename="say \"hi\".txt""#)
        #expect(UploadHTTP.contentDisposition("chat é.png")
                == "attachment; filename=\"chat _.png\"; filename*=UTF-8''chat%20%C3%A9.png")
    }

    @Test func createdWithALocationRelativeToTheUploadURL() {
        var headers = HTTPHeaders([("Location", "files/abc/cat.png")])
        #expect(UploadHTTP.outcome(status: 201, headers: headers, body: [], uploadURL: "https://f.example/up/")
                == .uploaded(url: "https://f.example/up/files/abc/cat.png"))
        headers = HTTPHeaders([("Location", "/abc/cat.png")])
        #expect(UploadHTTP.outcome(status: 201, headers: headers, body: [], uploadURL: "https://f.example/up/")
                == .uploaded(url: "https://f.example/abc/cat.png"))
        headers = HTTPHeaders([("Location", "https://cdn.example/abc")])
        #expect(UploadHTTP.outcome(status: 201, headers: headers, body: [], uploadURL: "https://f.example/up")
                == .uploaded(url: "https://cdn.example/abc"))
        #expect(UploadHTTP.outcome(status: 201, headers: HTTPHeaders(), body: [], uploadURL: "https://f.example/") == .noLocation)
        #expect(UploadHTTP.outcome(status: 201, headers: HTTPHeaders([("Location", "javascript:alert(1)")]), body: [],
                                   uploadURL: "https://f.example/") == .noLocation)
    }

    @Test func otherAnswersKeepTheServersShortText() {
        let plain = HTTPHeaders([("Content-Type", "text/plain; charset=utf-8")])
        #expect(UploadHTTP.outcome(status: 413, headers: plain, body: Array("Upload too large\n".utf8), uploadURL: "https://f/")
                == .refused(status: 413, message: "Upload too large"))
        let html = HTTPHeaders([("Content-Type", "text/html")])
        #expect(UploadHTTP.outcome(status: 403, headers: html, body: Array("<html>".utf8), uploadURL: "https://f/")
                == .refused(status: 403, message: nil))
    }
}
