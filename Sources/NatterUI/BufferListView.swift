import ChatModel
import Widgets

/// The buffer list on the left: networks as headers, their buffers below with unread counts
/// (accent badge) and highlight counts (alert badge), the shown buffer selected. A click
/// selects a buffer.
@MainActor
public final class BufferListView: Widget {
    /// One row.
    public struct Entry: Hashable, Sendable {
        public var id: BufferID
        public var title: String
        public var isHeader: Bool
        public var unread: Int
        public var highlights: Int
        public var isDimmed: Bool
        public init(id: BufferID, title: String, isHeader: Bool = false, unread: Int = 0, highlights: Int = 0,
                    isDimmed: Bool = false) {
            self.id = id; self.title = title; self.isHeader = isHeader
            self.unread = unread; self.highlights = highlights; self.isDimmed = isDimmed
        }
    }

    /// The rows, top to bottom.
    public var entries: [Entry] = [] { didSet { if entries != oldValue { setNeedsPaint() } } }
    /// The selected buffer.
    public var selected: BufferID? { didSet { if selected != oldValue { setNeedsPaint() } } }
    /// Called with the buffer a click selects.
    public var onSelect: ((BufferID) -> Void)?
    /// The items of a buffer's menu (a right-click on it).
    public var onMenu: ((BufferID) -> [MenuItem])?
    /// Colours and fonts.
    public var theme = ChatTheme.dark { didSet { if theme != oldValue { setNeedsPaint() } } }
    /// Width the list asks for.
    public var preferredWidth = 190.0 { didSet { if preferredWidth != oldValue { setNeedsLayout() } } }
    /// A status line at the bottom (connection state of each network).
    public var status: [String] = [] { didSet { if status != oldValue { setNeedsPaint() } } }
    /// A problem shown under the status lines in the error colour (the config file's error).
    public var alert: String? { didSet { if alert != oldValue { setNeedsPaint() } } }
    let rowHeight = 26.0

    public override init() { super.init() }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        constraints.constrain(Size(width: preferredWidth, height: constraints.maxHeight.isFinite ? constraints.maxHeight : 400))
    }

    public override func paint(_ context: inout PaintContext) {
        context.fill(bounds, theme.sidebarBackground)
        let font = theme.messageFont
        let bold = FontSpec(role: .ui, size: font.size, bold: true)
        var y = 8.0
        for entry in entries {
            let row = Rect(x: 0, y: y, width: size.width, height: rowHeight)
            if entry.isHeader {
                let text = context.layoutText(StyledText(entry.title, attributes: TextAttributes(
                    font: FontSpec(role: .ui, size: 12, bold: true), foreground: theme.dimText)), maxWidth: size.width - 20)
                context.drawText(text, at: Point(x: 12, y: y + (rowHeight - text.size.height) / 2))
            } else {
                let isSelected = entry.id == selected
                if isSelected {
                    context.fillRounded(row.inset(by: EdgeInsets(top: 1, left: 6, bottom: 1, right: 6)), radius: 5,
                                        theme.base.surfacePressed)
                }
                let color = isSelected || entry.unread > 0 ? theme.base.text : (entry.isDimmed ? theme.dimText.withAlpha(150) : theme.dimText)
                var badgeWidth = 0.0
                if entry.unread > 0 || entry.highlights > 0 {
                    // The unread count, in the alert colour when any of them highlights us.
                    let count = max(entry.unread, entry.highlights)
                    let label = context.layoutText(StyledText(count > 999 ? "999+" : String(count), attributes: TextAttributes(
                        font: FontSpec(role: .ui, size: 11, bold: true), foreground: .white)), maxWidth: nil)
                    badgeWidth = max(label.size.width + 12, 20)
                    let badge = Rect(x: size.width - 12 - badgeWidth, y: y + (rowHeight - 18) / 2, width: badgeWidth, height: 18)
                    context.fillRounded(badge, radius: 9, entry.highlights > 0 ? theme.base.alert : theme.base.accent)
                    context.drawText(label, at: Point(x: badge.minX + (badgeWidth - label.size.width) / 2,
                                                      y: badge.minY + (18 - label.size.height) / 2))
                }
                let title = context.layoutText(StyledText(entry.title, attributes: TextAttributes(
                    font: isSelected || entry.unread > 0 ? bold : font, foreground: color)), maxWidth: nil)
                let previous = context.clip
                context.pushClip(Rect(x: 0, y: y, width: size.width - 18 - badgeWidth, height: rowHeight))
                context.drawText(title, at: Point(x: 22, y: y + (rowHeight - title.size.height) / 2))
                context.popClip(restoring: previous)
            }
            y += rowHeight
        }
        var statusY = size.height - 8
        let lines = status.map { ($0, theme.dimText) } + (alert.map { [($0, theme.errorText)] } ?? [])
        for (line, colour) in lines.reversed() {
            let text = context.layoutText(StyledText(line, attributes: TextAttributes(
                font: FontSpec(role: .ui, size: 11), foreground: colour)), maxWidth: size.width - 20)
            statusY -= text.size.height + 2
            context.drawText(text, at: Point(x: 12, y: statusY))
        }
    }

    public override func mouseDown(_ event: MouseEvent) -> Bool {
        let index = Int((event.position.y - 8) / rowHeight)
        guard entries.indices.contains(index), !entries[index].isHeader else { return false }
        if event.button == .right {
            // The buffer's menu, where the pointer is.
            guard let host, let items = onMenu?(entries[index].id), !items.isEmpty else { return true }
            PopupMenu(items, theme: theme.base).show(in: host, at: convertToWindow(event.position))
            return true
        }
        onSelect?(entries[index].id)
        return true
    }
}
