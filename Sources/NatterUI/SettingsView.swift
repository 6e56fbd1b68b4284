import ChatModel
import Widgets

/// The settings screen (Ctrl+, and `/settings`): a large panel centred over the chat, the
/// sections as a row of buttons along its top (wrapping when the zoom leaves no room), the
/// chosen section's settings in a scrolled column under them (``SettingRow``s, and the
/// networks' list in Networks), a line of the keys at the bottom. It is a panel over the chat rather than in the message list's place because the
/// settings belong to no buffer: the chat stays where it was, around it, and the keyboard stays
/// inside it (Tab goes round its fields only). It covers the whole window so that it grows and
/// shrinks with the zoom and the window; a click outside the panel does nothing.
///
/// Keys: Tab and Shift+Tab go from field to field (the field kept in view), Enter saves a
/// field or a choice, Page Up and Page Down scroll, Ctrl+Page Up and Ctrl+Page Down change
/// section, Escape puts back the saved value of a row edited and not saved (whether what it
/// holds would be taken or not), else closes the screen, as Ctrl+, does.
@MainActor
public final class SettingsView: Widget {
    /// The section shown.
    public private(set) var section: SettingSection = .networks
    /// One button per section, in order.
    public let sectionButtons: [Button]
    /// The scrolled column holding the section's settings.
    public let scrollArea: ScrollArea
    /// Closes the screen.
    public let closeButton = Button("Close")
    /// Asked to show another section (a section button, Ctrl+Page Up/Down).
    var onChooseSection: ((SettingSection) -> Void)?
    /// Asked to close (Escape, the close button, the key that opens it).
    var onClose: (() -> Void)?
    /// The key that opens the screen (Ctrl+, unless rebound), which closes it too: asked at
    /// each key, so that a rebinding made while the screen is open is followed.
    var toggleKey: (() -> KeyEvent?)?
    private let content = Stack(.vertical, spacing: 16)
    private let panel: Stack
    private let theme: ChatTheme
    private let margin = 24.0
    private let maxWidth = 960.0

    /// An empty screen in `theme`'s colours.
    public init(theme: ChatTheme) {
        self.theme = theme
        let size = theme.messageFont.size
        sectionButtons = SettingSection.allCases.map { Button($0.title, font: FontSpec(role: .ui, size: size)) }
        // One width for all: a row of tabs, not of words.
        for button in sectionButtons { button.reservedTitles = SettingSection.allCases.map(\.title) }
        scrollArea = ScrollArea(content)
        let title = Label(StyledText("Settings", attributes: TextAttributes(font: FontSpec(role: .ui, size: size + 4, bold: true),
                                                                             foreground: theme.base.text)))
        title.flex = 1
        let header = Stack(.horizontal, spacing: 8, [title, closeButton])
        header.crossAlignment = .center
        let sections = Flow(spacing: 6, lineSpacing: 6, sectionButtons)
        scrollArea.flex = 1
        let keys = Label(StyledText("Tab: next field · Enter: save · Reset: back to the default · Page Up/Down: scroll · "
                                    + "Ctrl+Page Up/Down: section · Escape: put back an unsaved value, or close",
                                    attributes: TextAttributes(font: FontSpec(role: .ui, size: size - 3), foreground: theme.dimText)))
        panel = Stack(.vertical, spacing: 14, [header, sections, scrollArea, keys])
        panel.padding = EdgeInsets(top: 16, left: 20, bottom: 12, right: 20)
        panel.backgroundColor = theme.base.surface
        super.init()
        content.padding = EdgeInsets(top: 2, left: 2, bottom: 12, right: 14)
        scrollArea.barColor = theme.dimText.withAlpha(0x90)
        addChild(panel)
        for (section, button) in zip(SettingSection.allCases, sectionButtons) {
            button.applyColors(theme, onSurface: true)
            button.onPress = { [weak self] in self?.onChooseSection?(section) }
        }
        closeButton.applyColors(theme, onSurface: true)
        closeButton.onPress = { [weak self] in self?.onClose?() }
    }

    /// Shows `widgets` as `section`'s content, scrolled to the top unless it is the section
    /// already shown (rebuilt after a change: the place is kept).
    func show(_ section: SettingSection, _ widgets: [Widget]) {
        if section != self.section { scrollArea.scroll(to: 0) }
        self.section = section
        content.removeAllChildren()
        widgets.forEach(content.addChild)
        for (other, button) in zip(SettingSection.allCases, sectionButtons) {
            // The section shown reads as chosen: the accent behind its title.
            button.faceColor = other == section ? theme.base.accent.withAlpha(0x50) : theme.base.surfaceHover
        }
        setNeedsLayout()
    }

    /// The rows of the section shown, in order.
    public var rows: [SettingRow] { Self.widgets(in: content) }
    /// The scripts' permissions of the section shown (Scripts), in order.
    public var permissionRows: [ScriptPermissionsRow] { Self.widgets(in: content) }
    /// The section's text other than its rows: headings and notes.
    public var notes: [String] { Self.widgets(in: content).map { (label: Label) in label.text.string } }

    private static func widgets<Kind: Widget>(in widget: Widget) -> [Kind] {
        if let found = widget as? Kind { return [found] }
        return widget.children.flatMap { widgets(in: $0) }
    }

    /// The row holding the widget with the keyboard, if any.
    public var focusedRow: SettingRow? {
        var node = host?.focusedWidget
        while let widget = node, !(widget is SettingRow) { node = widget.parent }
        return node as? SettingRow
    }

    /// Shows the widget with the keyboard whole, when it is in the scrolled column.
    public func revealFocus() {
        guard let host, let focused = host.focusedWidget, focused.isDescendant(of: content) else { return }
        host.layoutIfNeeded()
        // The whole row: its name and what it does belong with the field.
        scrollArea.reveal(focusedRow ?? focused)
    }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        let size = constraints.biggest
        let width = min(maxWidth, max(200, size.width - 2 * margin))
        let height = max(160, size.height - 2 * margin)
        panel.layout(.tight(Size(width: width, height: height)), context)
        place(panel, at: Point(x: ((size.width - width) / 2).rounded(), y: ((size.height - height) / 2).rounded()))
        return size
    }

    public override func paint(_ context: inout PaintContext) {
        // The chat stays in sight behind, dimmed: the panel is what takes the keys.
        context.fill(bounds, theme.base.background.withAlpha(0xB0))
    }

    public override func paintOverlay(_ context: inout PaintContext) {
        context.stroke(panel.frame, width: 1, theme.base.border)
    }

    public override func mouseDown(_ event: MouseEvent) -> Bool { true }

    public override func keyDown(_ event: KeyEvent) -> Bool {
        let m = event.modifiers
        switch event.key {
        case .tab where m.isEmpty || m == [.shift]:
            if m.isEmpty { host?.focusNext() } else { host?.focusPrevious() }
            revealFocus()
        case .escape where m.isEmpty:
            if focusedRow?.revert() != true { onClose?() }
        case .pageUp where m == [.ctrl], .pageDown where m == [.ctrl]:
            let all = SettingSection.allCases, index = all.firstIndex(of: section) ?? 0
            onChooseSection?(all[(index + (event.key == .pageDown ? 1 : all.count - 1)) % all.count])
        default:
            guard let toggleKey = toggleKey?(), event.key == toggleKey.key, m == toggleKey.modifiers else { return false }
            onClose?()
        }
        return true
    }
}
