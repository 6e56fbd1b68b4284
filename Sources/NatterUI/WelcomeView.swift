import Widgets

/// What the window shows while no network is configured: the name, the version, and how to
/// connect.
@MainActor
public final class WelcomeView: Widget {
    public var lines: [String] { didSet { if lines != oldValue { setNeedsPaint() } } }
    public var theme = ChatTheme.dark

    public init(version: String) {
        lines = ["IRC for the Linux desktop · \(version)", "No network is configured yet.",
                 "Start with: natter --server HOST[:PORT] --nick NICK --join '#channel'", "Ctrl+Q quits."]
        super.init()
        backgroundColor = theme.base.background
    }

    public override func paint(_ context: inout PaintContext) {
        super.paint(&context)
        let title = context.layoutText(StyledText("Natter", attributes: TextAttributes(
            font: FontSpec(role: .ui, size: 34, bold: true), foreground: theme.base.text)), maxWidth: nil)
        let body = lines.enumerated().map { index, line in
            context.layoutText(StyledText(line, attributes: TextAttributes(
                font: theme.messageFont, foreground: index == 1 ? theme.base.text : theme.dimText)), maxWidth: size.width - 40)
        }
        let gap = 10.0
        let total = title.size.height + body.reduce(0) { $0 + $1.size.height + gap }
        var y = ((size.height - total) / 2).rounded()
        for layout in [title] + body {
            context.drawText(layout, at: Point(x: ((size.width - layout.size.width) / 2).rounded(), y: y))
            y += layout.size.height + gap
        }
    }
}
