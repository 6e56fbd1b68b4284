import DesktopBus
@testable import DesktopIntegration
import Foundation
import NatterTestSupport
import Synchronization
import Testing

/// Light or dark: the config, the desktop portal (a scripted one on a private bus), GTK's
/// settings.
@Suite(.serialized)
struct AppearanceTests {
    @Test func theConfigWinsThenThePortalThenGTKThenDark() {
        #expect(DesktopAppearance.isDark(.light, portal: .dark, gtkPrefersDark: true) == false)
        #expect(DesktopAppearance.isDark(.dark, portal: .light, gtkPrefersDark: false) == true)
        #expect(DesktopAppearance.isDark(.auto, portal: .light, gtkPrefersDark: true) == false)
        #expect(DesktopAppearance.isDark(.auto, portal: .noPreference, gtkPrefersDark: false) == false)
        #expect(DesktopAppearance.isDark(.auto, portal: nil, gtkPrefersDark: nil) == true)
    }

    @Test func gtkSettingsAndTheme() throws {
        #expect(DesktopAppearance.settingsPreferDark("[Settings]\ngtk-application-prefer-dark-theme=1\n") == true)
        #expect(DesktopAppearance.settingsPreferDark("[Settings]\ngtk-application-prefer-dark-theme = false\ngtk-theme-name=Adwaita-dark") == true,
                "a dark theme is dark; the preference only picks a theme's dark variant")
        #expect(DesktopAppearance.settingsPreferDark("[Settings]\ngtk-application-prefer-dark-theme = false\ngtk-theme-name=Adwaita") == false)
        #expect(DesktopAppearance.settingsPreferDark("[Settings]\ngtk-theme-name=Materia-dark-compact\n") == true)
        #expect(DesktopAppearance.settingsPreferDark("[Settings]\ngtk-theme-name=Darkly\n") == false, "dark only as a part of the name")
        #expect(DesktopAppearance.settingsPreferDark("[Settings]\ngtk-theme-name=Arc-Dark\n") == true)
        #expect(DesktopAppearance.settingsPreferDark("[Settings]\ngtk-theme-name=Adwaita\n") == false)
        #expect(DesktopAppearance.settingsPreferDark("[Settings]\n# nothing\n") == nil)
        #expect(DesktopAppearance.gtkPrefersDark(environment: ["GTK_THEME": "Adwaita:dark"]) == true)
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("natter-gtk-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        #expect(DesktopAppearance.gtkPrefersDark(environment: ["XDG_CONFIG_HOME": home.path]) == nil)
        try FileManager.default.createDirectory(at: home.appendingPathComponent("gtk-3.0"), withIntermediateDirectories: true)
        try "[Settings]\ngtk-application-prefer-dark-theme=true\n".write(to: home.appendingPathComponent("gtk-3.0/settings.ini"),
                                                                        atomically: true, encoding: .utf8)
        #expect(DesktopAppearance.gtkPrefersDark(environment: ["XDG_CONFIG_HOME": home.path]) == true)
    }

    final class Schemes: Sendable {
        let seen = Mutex<[ColorSchemePortal.Scheme?]>([])
        func wait(count: Int) -> [ColorSchemePortal.Scheme?] {
            let deadline = Date().addingTimeInterval(5)
            while seen.withLock({ $0.count }) < count, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            return seen.withLock { $0 }
        }
    }

    @Test(arguments: [2, 1])
    func thePortalsPreferenceAndItsChanges(version: Int) throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let fake = try FakePortal(bus: bus, scheme: 2, version: version)
        defer { fake.stop() }
        let schemes = Schemes()
        let portal = ColorSchemePortal(address: bus.address) { scheme in schemes.seen.withLock { $0.append(scheme) } }
        defer { portal.stop() }
        #expect(schemes.wait(count: 1) == [.light])
        try fake.set(1)
        #expect(schemes.wait(count: 2) == [.light, .dark])
        try fake.set(0)
        #expect(schemes.wait(count: 3) == [.light, .dark, .noPreference])
    }

    @Test func withoutAPortalTheAnswerIsNone() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let schemes = Schemes()
        let portal = ColorSchemePortal(address: bus.address) { scheme in schemes.seen.withLock { $0.append(scheme) } }
        defer { portal.stop() }
        #expect(schemes.wait(count: 1) == [nil])
    }
}
