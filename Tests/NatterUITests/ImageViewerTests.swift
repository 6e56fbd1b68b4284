import ChatModel
import NatterUI
import Testing
import Widgets

/// A disk in memory for "Save image as…": the files there, the copies made, an error to give.
@MainActor
final class FakeImageFiles: ImageFileSaving {
    var files: Set<String> = []
    var copies: [(source: String, destination: String, replacing: Bool)] = []
    var failure: String?
    let downloadsFolder = "/home/u/Downloads"

    func fileExists(_ path: String) -> Bool { files.contains(path) }

    func copyImage(_ source: String, to destination: String, replacing: Bool) -> String? {
        if let failure { return failure }
        copies.append((source, destination, replacing))
        files.insert(destination)
        return nil
    }
}

@MainActor
@Suite struct ImageViewerTests {
    let thumbnail = PreviewThumbnail(path: "/cache/thumb.png", width: 360, height: 225,
                                     imageURL: "https://img.example.org/a/cat%20photo.png?size=large",
                                     originalPath: "/cache/original.png", pixelWidth: 1600, pixelHeight: 1000)

    /// The chat at 1000×640 with #c shown and the viewer open over it.
    func open(clipboard: MemoryClipboard = MemoryClipboard(), files: FakeImageFiles? = nil) throws -> (ChatStack, WidgetHost, ImageViewer) {
        let (chat, host, _) = try chatRig([":me!u@h JOIN #c"], showing: "#c", clipboard: clipboard)
        chat.controller.overlays.imageFiles = files
        chat.controller.openImage(thumbnail)
        host.layoutIfNeeded()
        let viewer = try #require(chat.controller.overlays.imageViewer)
        return (chat, host, viewer)
    }

    func key(_ host: WidgetHost, _ key: Key, _ modifiers: Modifiers = []) {
        host.handle(.keyDown(KeyEvent(key, modifiers: modifiers)))
        host.handle(.keyUp(KeyEvent(key, modifiers: modifiers)))
    }

    @Test func itOpensOverTheWindowWithTheKeyboardAndEscapeGivesItBack() throws {
        let (chat, host, viewer) = try open()
        #expect(host.overlayWidgets.contains { $0 === viewer })
        #expect(viewer.frame == Rect(x: 0, y: 0, width: 1000, height: 640))
        #expect(host.focusedWidget === viewer)
        // Fitted above the bar: 1600×1000 in 1000×608 is 972.8×608.
        #expect(viewer.state.zoom(at: 0) == 0.608)
        host.handle(.textInput("x"))
        #expect(chat.screen.input.text.isEmpty, "typing reaches nothing under the viewer")
        key(host, .escape)
        #expect(!host.overlayWidgets.contains { $0 === viewer })
        #expect(chat.controller.overlays.imageViewer == nil)
        #expect(host.focusedWidget === chat.screen.input)
    }

    @Test func theKeysZoomFitAndPan() throws {
        let (_, host, viewer) = try open()
        key(host, .character("1"))
        host.advance(to: FrameTime(seconds: 1))
        #expect(viewer.state.zoom(at: 1) == 1)
        #expect(viewer.infoText(zoom: 1) == "1600 × 1000 · 100 %")
        let before = viewer.state.offset(at: 1)
        key(host, .right)
        #expect(viewer.state.offset(at: 1).x == before.x + ImageViewer.arrowStep)
        key(host, .down)
        #expect(viewer.state.offset(at: 1).y == before.y + ImageViewer.arrowStep)
        key(host, .character("="))
        host.advance(to: FrameTime(seconds: 2))
        #expect(viewer.state.zoom(at: 2) == 1.25)
        key(host, .character("-"))
        key(host, .character("-"))
        host.advance(to: FrameTime(seconds: 3))
        #expect(abs(viewer.state.zoom(at: 3) - 0.8) < 1e-9)
        key(host, .character("f"))
        host.advance(to: FrameTime(seconds: 4))
        #expect(viewer.state.isFitted && viewer.state.zoom(at: 4) == 0.608)
        #expect(!viewer.state.isAnimating(at: 4))
    }

    @Test func ctrlWheelZoomsAroundThePointerAndTheListBelowStaysPut() throws {
        let lines = [":me!u@h JOIN #c"] + (1...80).map { ":a!u@h PRIVMSG #c :line \($0)" }
        let (chat, host, _) = try chatRig(lines, showing: "#c")
        let pointer = Point(x: 500, y: 300)
        // Without the viewer, a notch over the list scrolls it.
        let bottom = chat.screen.messages.metrics.y
        host.handle(.wheel(WheelEvent(position: pointer, dy: 1)))
        host.advance(to: FrameTime(seconds: 1))
        let listY = chat.screen.messages.metrics.y
        #expect(listY < bottom)
        chat.controller.openImage(thumbnail)
        host.layoutIfNeeded()
        let viewer = try #require(chat.controller.overlays.imageViewer)
        let under = viewer.state.imagePoint(under: pointer, at: 1)
        host.handle(.wheel(WheelEvent(position: pointer, dy: 2, modifiers: .ctrl)))
        host.advance(to: FrameTime(seconds: 2))
        #expect(abs(viewer.state.zoom(at: 2) - 0.608 * 1.5625) < 1e-9)
        let now = viewer.state.imagePoint(under: pointer, at: 2)
        #expect(abs(now.x - under.x) < 1e-6 && abs(now.y - under.y) < 1e-6)
        // A plain wheel pans the image, not the list under it.
        let offset = viewer.state.offset(at: 2)
        host.handle(.wheel(WheelEvent(position: pointer, dy: -1)))
        host.advance(to: FrameTime(seconds: 3))
        #expect(viewer.state.offset(at: 3).y == offset.y + ImageViewer.notchStep)
        #expect(chat.screen.messages.metrics.y == listY)
    }

    @Test func aPinchReachesTheViewerUnderItAndZoomsAroundItsFingers() throws {
        let (_, host, viewer) = try open()
        let centre = Point(x: 200, y: 150)
        let under = viewer.state.imagePoint(under: centre, at: 0)
        host.handle(.magnify(MagnifyEvent(position: centre, factor: 1.5)))
        #expect(abs(viewer.state.zoom(at: 0) - 0.912) < 1e-9)
        let now = viewer.state.imagePoint(under: centre, at: 0)
        #expect(abs(now.x - under.x) < 1e-9 && abs(now.y - under.y) < 1e-9)
    }

    @Test func aClickBesideTheImageClosesItAndOneOnItDoesNot() throws {
        let (_, host, viewer) = try open()
        let image = viewer.imageRect
        host.handle(.mouseDown(MouseEvent(position: Point(x: image.midX, y: image.midY))))
        host.handle(.mouseUp(MouseEvent(position: Point(x: image.midX, y: image.midY))))
        #expect(viewer.host === host)
        // The backdrop left of the image (972.8 px wide in 1000: 13.6 px each side).
        host.handle(.mouseDown(MouseEvent(position: Point(x: 5, y: 300))))
        host.handle(.mouseUp(MouseEvent(position: Point(x: 5, y: 300))))
        #expect(viewer.host == nil)
    }

    @Test func aDoubleClickShowsThePixelsUnderThePointerAndAnotherFitsAgain() throws {
        let (_, host, viewer) = try open()
        let pointer = Point(x: 300, y: 200)
        let under = viewer.state.imagePoint(under: pointer, at: 0)
        host.handle(.mouseDown(MouseEvent(position: pointer, clickCount: 2)))
        host.handle(.mouseUp(MouseEvent(position: pointer, clickCount: 2)))
        host.advance(to: FrameTime(seconds: 1))
        #expect(viewer.state.zoom(at: 1) == 1)
        let now = viewer.state.imagePoint(under: pointer, at: 1)
        #expect(abs(now.x - under.x) < 1e-6 && abs(now.y - under.y) < 1e-6)
        host.handle(.mouseDown(MouseEvent(position: pointer, clickCount: 2)))
        host.handle(.mouseUp(MouseEvent(position: pointer, clickCount: 2)))
        host.advance(to: FrameTime(seconds: 2))
        #expect(viewer.state.isFitted && viewer.state.zoom(at: 2) == 0.608)
    }

    @Test func aDragMovesTheImageAndTheBandPullsPastTheEdge() throws {
        let (_, host, viewer) = try open()
        key(host, .character("1"))
        host.advance(to: FrameTime(seconds: 1))
        let start = viewer.state.offset(at: 1)
        host.handle(.mouseDown(MouseEvent(position: Point(x: 500, y: 300))))
        host.handle(.mouseMove(MouseEvent(position: Point(x: 450, y: 300))))
        #expect(viewer.state.offset(at: 1).x == start.x + 50)
        host.handle(.mouseMove(MouseEvent(position: Point(x: 500, y: 300 + start.y + 100))))
        let pulled = viewer.state.offset(at: 1).y
        #expect(pulled < 0 && pulled > -100, "past the top edge through the band")
        host.handle(.mouseUp(MouseEvent(position: Point(x: 500, y: 300 + start.y + 100))))
        #expect(viewer.state.isAnimating(at: 1.01))
        host.advance(to: FrameTime(seconds: 3))
        #expect(viewer.state.offset(at: 3).y == 0)
    }

    @Test func theMenuCopiesTheLinkAndOpensItInTheBrowser() throws {
        let clipboard = MemoryClipboard()
        let (chat, host, viewer) = try open(clipboard: clipboard)
        var opened: [String] = []
        chat.controller.onOpenLink = { opened.append($0) }
        host.handle(.mouseDown(MouseEvent(position: Point(x: 400, y: 300), button: .right)))
        host.handle(.mouseUp(MouseEvent(position: Point(x: 400, y: 300), button: .right)))
        let menu = try #require(viewer.menu)
        #expect(menu.items.map(\.title) == ["Copy link", "Save image as…", "Open in browser"])
        #expect(!menu.items[1].isEnabled, "no disk to save to")
        menu.activate(0)
        #expect(clipboard.text() == thumbnail.imageURL)
        #expect(viewer.host === host, "the viewer stays open")
        host.handle(.mouseDown(MouseEvent(position: Point(x: 400, y: 300), button: .right)))
        try #require(viewer.menu).activate(2)
        #expect(opened == [thumbnail.imageURL])
    }

    @Test func saveAsOffersAFreeNameAsksBeforeReplacingAndSaysWhatFailed() throws {
        let files = FakeImageFiles()
        files.files = ["/home/u/Downloads/cat%20photo.png"]
        let (chat, host, viewer) = try open(files: files)
        host.handle(.mouseDown(MouseEvent(position: Point(x: 400, y: 300), button: .right)))
        try #require(viewer.menu).activate(1)
        let dialog = try #require(chat.controller.overlays.imageSaveDialog)
        #expect(dialog.field.text == "/home/u/Downloads/cat%20photo (1).png")
        #expect(host.focusedWidget === dialog.field)
        // Saved: the original file's bytes, to the path in the field.
        key(host, .enter)
        #expect(files.copies.map(\.source) == ["/cache/original.png"])
        #expect(files.copies.map(\.destination) == ["/home/u/Downloads/cat%20photo (1).png"])
        #expect(dialog.host == nil)
        #expect(host.focusedWidget === viewer)

        // Again: the same path is taken now, so the dialog asks, and Enter replaces.
        host.handle(.mouseDown(MouseEvent(position: Point(x: 400, y: 300), button: .right)))
        try #require(viewer.menu).activate(1)
        let second = try #require(chat.controller.overlays.imageSaveDialog)
        second.field.text = "/home/u/Downloads/cat%20photo.png"
        key(host, .enter)
        #expect(files.copies.count == 1)
        #expect(second.message?.contains("is already there") == true)
        key(host, .enter)
        #expect(files.copies.last?.replacing == true)
        #expect(second.host == nil)

        // A failure is said in the dialog, which stays; Escape cancels.
        files.failure = "The folder /nope cannot be made."
        host.handle(.mouseDown(MouseEvent(position: Point(x: 400, y: 300), button: .right)))
        try #require(viewer.menu).activate(1)
        let third = try #require(chat.controller.overlays.imageSaveDialog)
        key(host, .enter)
        #expect(third.message == "The folder /nope cannot be made.")
        #expect(third.host === host)
        key(host, .escape)
        #expect(third.host == nil)
        #expect(viewer.host === host, "Escape closed the dialog, not the viewer")
    }

    @Test func theFileNameComesFromTheURLsPath() {
        #expect(ImageSaveNaming.fileName(for: "https://a.org/x/y/pic.jpg?w=2#top") == "pic.jpg")
        #expect(ImageSaveNaming.fileName(for: "https://a.org") == "image")
        #expect(ImageSaveNaming.fileName(for: "https://a.org/") == "image")
        #expect(ImageSaveNaming.fileName(for: "https://a.org/..") == "image")
        #expect(ImageSaveNaming.fileName(for: "https://a.org/.hidden") == "image")
        let taken: Set = ["/d/pic.jpg", "/d/pic (1).jpg"]
        #expect(ImageSaveNaming.freePath(folder: "/d", name: "pic.jpg", exists: taken.contains) == "/d/pic (2).jpg")
        #expect(ImageSaveNaming.freePath(folder: "/d/", name: "other", exists: taken.contains) == "/d/other")
    }
}
