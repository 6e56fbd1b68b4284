import SDLBackend
import Testing

/// The scale read from where desktops publish it, from a fake resource database and environment.
struct DesktopScaleTests {
    @Test func xftDpiIsReadFromTheResourceDatabase() {
        let resources = "Xcursor.size:\t24\nXft.antialias:\t1\nXft.dpi:\t144\nXft.hinting:\t1\n"
        #expect(DesktopScale.resolve(configured: nil, environment: [:], resources: resources, platformScales: false) == 1.5)
        #expect(DesktopScale.resolve(configured: nil, environment: [:], resources: "Xft.dpi: 120", platformScales: false) == 1.25)
        #expect(DesktopScale.resolve(configured: nil, environment: [:], resources: "Xft.dpi:\t96\n", platformScales: false) == 1)
        // Fractional dpi from KDE's scaling (1.15 × 96).
        #expect(DesktopScale.resolve(configured: nil, environment: [:], resources: "Xft.dpi:\t110.4", platformScales: false) == 1.15)
    }

    @Test func theLastLineForANameWinsAndOtherNamesAreNotConfused() {
        #expect(DesktopScale.value(of: "Xft.dpi", in: "Xft.dpi:\t96\nXft.dpi:\t192\n") == "192")
        #expect(DesktopScale.value(of: "Xft.dpi", in: "*.Xft.dpi:\t192\nXft.dpis:\t3\n") == nil)
        #expect(DesktopScale.value(of: "Xft.dpi", in: "no colon here\n\nXft.dpi :  144  \r\n") == "144")
    }

    @Test func theEnvironmentWinsOverTheResourcesAndTheConfigWinsOverAll() {
        let resources = "Xft.dpi:\t144\n"
        #expect(DesktopScale.resolve(configured: nil, environment: ["GDK_SCALE": "2"], resources: resources, platformScales: false) == 2)
        #expect(DesktopScale.resolve(configured: nil, environment: ["GDK_SCALE": "2", "GDK_DPI_SCALE": "0.75"],
                                     resources: resources, platformScales: false) == 1.5)
        #expect(DesktopScale.resolve(configured: nil, environment: ["QT_SCALE_FACTOR": "1.75"], resources: resources,
                                     platformScales: false) == 1.75)
        #expect(DesktopScale.resolve(configured: 1.25, environment: ["GDK_SCALE": "2"], resources: resources, platformScales: false) == 1.25)
        // Nonsense is ignored, not obeyed.
        #expect(DesktopScale.resolve(configured: nil, environment: ["GDK_SCALE": "zero", "QT_SCALE_FACTOR": "-1"],
                                     resources: "Xft.dpi:\tlots", platformScales: false) == 1)
    }

    /// On Wayland SDL already gives the window the output's pixels: X11's numbers (XWayland
    /// sets Xft.dpi too) would scale twice.
    @Test func nothingMoreWhereThePlatformScales() {
        #expect(DesktopScale.resolve(configured: nil, environment: ["GDK_SCALE": "2"], resources: "Xft.dpi:\t192",
                                     platformScales: true) == 1)
        #expect(DesktopScale.resolve(configured: 1.5, environment: [:], resources: nil, platformScales: true) == 1.5)
    }

    @Test func scalesStayWithinRange() {
        #expect(DesktopScale.resolve(configured: nil, environment: [:], resources: "Xft.dpi:\t960", platformScales: false) == 4)
        #expect(DesktopScale.resolve(configured: nil, environment: [:], resources: "Xft.dpi:\t10", platformScales: false) == 0.5)
        #expect(DesktopScale.resolve(configured: .infinity, environment: [:], resources: nil, platformScales: false) == 1)
    }
}
