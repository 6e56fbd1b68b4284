@testable import DesktopIntegration
import Foundation
import Testing

struct WindowStateTests {
    @Test func savesAndLoadsAndRejectsNonsense() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("natter-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("natter/window.json").path
        #expect(WindowState.load(path: path) == nil)
        let state = WindowState(width: 1300, height: 800, sidebarWidth: 220, nickListWidth: 180, nickListCollapsed: true,
                                bufferListCollapsed: true, buffer: "Libera/#natter", zoom: 1.25)
        state.save(path: path)
        #expect(WindowState.load(path: path) == state)
        // A file from before the zoom was kept: 100 %.
        try Data("{\"width\": 900, \"height\": 600, \"sidebarWidth\": 190, \"nickListWidth\": 160, \"nickListCollapsed\": false}".utf8)
            .write(to: URL(fileURLWithPath: path))
        #expect(WindowState.load(path: path)?.zoom == nil)
        #expect(WindowState.load(path: path)?.bufferListCollapsed == nil)
        try Data("{\"width\": 5}".utf8).write(to: URL(fileURLWithPath: path))
        #expect(WindowState.load(path: path) == nil)
        #expect(WindowState.defaultPath(environment: ["XDG_STATE_HOME": "/s"]) == "/s/natter/window.json")
        #expect(WindowState.defaultPath(environment: ["HOME": "/h"]) == "/h/.local/state/natter/window.json")
    }
}
