import IRCProtocol
import Widgets

/// What the window shows when no network is configured: pick a network or enter a server, a
/// nick and channels, then Connect (which writes the configuration file).
@MainActor
public final class FirstRunView: Widget {
    /// What the user chose.
    public struct Choice: Hashable, Sendable {
        public var host: String
        public var port: Int
        public var tls: Bool
        public var nick: String
        public var channels: [String]
        /// The server password, if one was entered.
        public var password: String?
        /// Whether to keep the password in the desktop's keyring (else it is used for this run only).
        public var storesPassword: Bool
    }

    public let server = TextField(text: "irc.libera.chat")
    public let nick = TextField()
    public let channels = TextField(text: "#natter")
    /// The server password (a bouncer's, or a private server's); optional.
    public let password = TextField()
    /// Whether the password goes into the desktop's keyring.
    public let keyringButton = Button(keyringTitles[0], reserving: [keyringTitles[1]])
    public private(set) var storesPassword = true
    public let tlsButton = Button(tlsTitles[0], reserving: [tlsTitles[1]])
    /// The TLS and keyring toggles' titles, on then off: each button keeps the width of the
    /// longer, so a click moves nothing (Connect stayed under the pointer).
    private static let tlsTitles = ["TLS: on", "TLS: off (not encrypted)"]
    private static let keyringTitles = ["Keep it in the keyring: yes", "Keep it in the keyring: no (this run only)"]
    public let connectButton = Button("Connect")
    private let message = Label("")
    private let form: Stack
    public private(set) var tls = true
    /// Called with a valid choice when Connect is pressed (or Enter in a field).
    public var onConnect: ((Choice) -> Void)?
    /// The colours it is drawn in (the desktop's preference, as the chat will be).
    public let theme: ChatTheme

    /// Known networks offered as buttons: name, host, port, TLS.
    public static let suggestions: [(String, String, Int, Bool)] = [
        ("Libera.Chat", "irc.libera.chat", 6697, true), ("OFTC", "irc.oftc.net", 6697, true),
        ("This computer (6667, no TLS)", "127.0.0.1", 6667, false),
    ]

    public init(defaultNick: String, version: String, theme: ChatTheme = .dark) {
        self.theme = theme
        func label(_ text: String, size: Double = 14, bold: Bool = false, color: Color = theme.base.text) -> Label {
            Label(StyledText(text, attributes: TextAttributes(font: FontSpec(role: .ui, size: size, bold: bold), foreground: color)))
        }
        nick.text = defaultNick
        var suggestionButtons: [Widget] = []
        password.isSecure = true
        password.placeholder = "none"
        let fields: [Widget] = [label("Server (HOST or HOST:PORT)"), server, label("Nick"), nick,
                                label("Channels (comma-separated)"), channels,
                                label("Server password (a bouncer's; leave it empty for most networks)"), password]
        form = Stack(.vertical, spacing: 8, [label("Natter", size: 30, bold: true),
                                             label("IRC for the Linux desktop · \(version)", color: theme.dimText),
                                             label("Pick a network or enter one:")] )
        super.init()
        for (name, host, port, secure) in Self.suggestions {
            suggestionButtons.append(Button(name) { [weak self] in
                self?.server.text = port == (secure ? 6697 : 6667) ? host : "\(host):\(port)"
                if let self, self.tls != secure { self.toggleTLS() }
            })
        }
        // Rows of buttons flow onto a second line in a narrow window rather than past its edge;
        // the keyring's choice goes under the password it is about.
        form.addChild(Flow(spacing: 8, suggestionButtons))
        for field in fields { form.addChild(field) }
        form.addChild(Flow(spacing: 8, [keyringButton]))
        form.addChild(Flow(spacing: 8, [tlsButton, connectButton]))
        form.addChild(message)
        addChild(form)
        backgroundColor = theme.base.background
        for field in [server, nick, channels, password] { field.applyColors(theme, background: theme.base.background) }
        for button in [tlsButton, keyringButton, connectButton] + suggestionButtons.compactMap({ $0 as? Button }) {
            button.applyColors(theme)
        }
        tlsButton.onPress = { [weak self] in self?.toggleTLS() }
        keyringButton.onPress = { [weak self] in
            guard let self else { return }
            self.storesPassword.toggle()
            self.keyringButton.title = Self.keyringTitles[self.storesPassword ? 0 : 1]
        }
        connectButton.onPress = { [weak self] in self?.submit() }
        for field in [server, nick, channels, password] { field.onSubmit = { [weak self] _ in self?.submit() } }
    }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        let size = constraints.constrain(Size(width: constraints.maxWidth, height: constraints.maxHeight))
        let width = min(620, size.width)
        // The margins give way in a narrow window (16 px at 532 px and below): the fields keep
        // the width.
        let side = min(60, max(16, (size.width - 500) / 2)).rounded()
        form.padding = EdgeInsets(top: 40, left: side, bottom: 40, right: side)
        _ = form.layout(BoxConstraints(minWidth: width, maxWidth: width, minHeight: 0, maxHeight: size.height), context)
        place(form, at: Point(x: ((size.width - width) / 2).rounded(), y: 0))
        return size
    }

    private func toggleTLS() {
        tls.toggle()
        tlsButton.title = Self.tlsTitles[tls ? 0 : 1]
    }

    /// Checks the fields and hands the choice on, or says what is wrong.
    public func submit() {
        let parts = server.text.trimmingBlanks.split(separator: ":")
        guard let host = parts.first, !host.isEmpty, parts.count <= 2 else { return show("Enter a server, e.g. irc.libera.chat") }
        let port = parts.count == 2 ? Int(parts[1]) : (tls ? 6697 : 6667)
        guard let port, (1...65535).contains(port) else { return show("The port must be a number from 1 to 65535") }
        let nickText = nick.text.trimmingBlanks
        guard let first = nickText.first, !first.isNumber, !nickText.contains(" "), !"#&:-".contains(first) else {
            return show("Enter a nick: letters, digits and -[]\\\\`^{}|_, not starting with a digit")
        }
        let list = channels.text.split(separator: ",").map { $0.trimmingBlanks }.filter { !$0.isEmpty }
            .map { $0.hasPrefix("#") || $0.hasPrefix("&") ? $0 : "#" + $0 }
        onConnect?(Choice(host: String(host), port: port, tls: tls, nick: nickText, channels: list,
                          password: password.text.isEmpty ? nil : password.text, storesPassword: storesPassword))
    }

    /// Says something before the user starts (why the form is shown: a configuration file
    /// that does not read).
    public func notice(_ text: String) { show(text) }

    private func show(_ text: String) {
        message.text = StyledText(text, attributes: TextAttributes(font: FontSpec(role: .ui, size: 14), foreground: theme.errorText))
    }
}

/// The window's root: shows one screen and can switch to another (first run → chat).
@MainActor
public final class ScreenSwitcher: Widget {
    public private(set) var screen: Widget

    public init(_ screen: Widget) {
        self.screen = screen
        super.init()
        addChild(screen)
    }

    /// Shows `next` instead of the current screen.
    public func show(_ next: Widget) {
        screen.removeFromParent()
        screen = next
        addChild(next)
        setNeedsLayout()
    }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        let size = constraints.constrain(Size(width: constraints.maxWidth, height: constraints.maxHeight))
        _ = screen.layout(.tight(size), context)
        place(screen, at: .zero)
        return size
    }
}
