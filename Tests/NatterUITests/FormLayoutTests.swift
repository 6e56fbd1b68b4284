import NatterUI
import Testing
import Widgets

/// The forms' toggles keep their width when their titles change: nothing beside them moves,
/// so the next click lands where the pointer was aimed.
@MainActor
struct FormLayoutTests {
    private func host(_ root: Widget) -> WidgetHost {
        let host = WidgetHost(root: root, size: Size(width: 900, height: 560), measurer: FixedMeasurer(),
                              clipboard: MemoryClipboard())
        host.layoutIfNeeded()
        return host
    }

    /// TLS off, then the keyring off: Connect stays where it was.
    @Test func theFirstRunTogglesMoveNothing() throws {
        let form = FirstRunView(defaultNick: "me", version: "test")
        let host = host(form)
        let connect = form.connectButton.windowFrame, keyring = form.keyringButton.windowFrame
        let tls = form.tlsButton.windowFrame
        form.tlsButton.onPress?()
        host.layoutIfNeeded()
        #expect(!form.tls && form.tlsButton.title.contains("off"))
        #expect(form.tlsButton.windowFrame == tls && form.keyringButton.windowFrame == keyring)
        #expect(form.connectButton.windowFrame == connect)
        form.keyringButton.onPress?()
        host.layoutIfNeeded()
        #expect(!form.storesPassword && form.connectButton.windowFrame == connect)
    }

    /// The bouncer form: TLS off and editing a network (Add network → Save) move no button.
    @Test func theBouncerFormsTogglesMoveNothing() throws {
        let form = BouncerNetworkForm()
        let host = host(form)
        let tls = form.tlsButton.windowFrame, save = form.saveButton.windowFrame
        form.tlsButton.onPress?()
        host.layoutIfNeeded()
        #expect(!form.tls && form.tlsButton.windowFrame == tls && form.saveButton.windowFrame == save)
        form.networks = [.init(id: "1", attributes: ["name": "libera", "host": "irc.libera.chat"])]
        form.edit("1")
        host.layoutIfNeeded()
        #expect(form.saveButton.title == "Save" && form.saveButton.windowFrame.size == save.size)
    }
}
