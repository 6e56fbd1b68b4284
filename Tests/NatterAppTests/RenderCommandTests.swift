import Foundation
import Testing
import NatterTestSupport

/// `natter render --demo` run as a user would: no display, a PNG of the asked size.
struct RenderCommandTests {
    @Test(arguments: [(640, 480, 1.0), (400, 300, 2.0)])
    func demoWritesAPNGOfTheAskedSize(width: Int, height: Int, scale: Double) throws {
        let out = FileManager.default.temporaryDirectory
            .appendingPathComponent("natter-render-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let (status, _) = try natter(["render", "--demo", "--size", "\(width)x\(height)",
                                      "--scale", "\(scale)", "--out", out])
        #expect(status == 0)
        let png = try Data(contentsOf: URL(fileURLWithPath: out + "/demo.png"))
        // PNG signature, then the IHDR chunk with width and height as big-endian 32-bit words.
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let w = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let h = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(w == Int(Double(width) * scale) && h == Int(Double(height) * scale))
        #expect(png.count > 10_000, "a demo frame full of text should not compress to \(png.count) bytes")
    }

    @Test func aBadSizeIsAClearError() throws {
        let (status, errors) = try natter(["render", "--demo", "--size", "wide", "--out", "/tmp/x"])
        #expect(status != 0)
        #expect(errors.contains("--size"), "stderr was: \(errors)")
    }

    private func natter(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try natterExecutable())
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        process.environment = env
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
