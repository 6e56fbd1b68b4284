import NatterUI
import SDLBackend
import Widgets

/// The built-in demo frame of `natter render --demo`: a chat screen drawn straight through the
/// painter with sample content (a buffer list, a topic, messages in several scripts with
/// emoji, a nick list and the input line). It exercises the fonts, fallbacks and colours
/// until the widget toolkit draws the real screens.
struct DemoFrame {
    var theme = ChatTheme.dark

    private struct Line { var time: String; var nick: String; var parts: [(String, Color?)] }

    func draw(_ p: Painter, width: Int, height: Int) {
        let w = Double(width), h = Double(height)
        let font = theme.messageFont, bold = FontSpec(role: .ui, size: font.size, bold: true)
        let lineHeight = p.lineHeight(font).rounded(.up) + 4
        p.clear(theme.base.background)

        // Buffer list.
        let sidebarWidth = min(180, w * 0.25)
        p.fill(Rect(x: 0, y: 0, width: sidebarWidth, height: h), theme.base.border)
        p.text("TestNet", x: 14, y: 12, font: bold, color: theme.dimText)
        let buffers: [(String, Int, Bool)] = [("#natter", 0, false), ("#swift", 3, false),
                                              ("#日本語", 12, false), ("alice", 1, true)]
        for (i, (name, unread, highlight)) in buffers.enumerated() {
            let y = 40 + Double(i) * (lineHeight + 6)
            if i == 0 {
                p.fillRounded(Rect(x: 6, y: y - 3, width: sidebarWidth - 12, height: lineHeight + 6), radius: 5,
                              theme.base.surfacePressed)
            }
            p.text(name, x: 22, y: y, font: i == 0 ? bold : font, color: i == 0 ? theme.base.text : theme.dimText)
            if unread > 0 {
                let label = String(unread)
                let badgeWidth = p.measure(label, font: bold) + 12
                p.fillRounded(Rect(x: sidebarWidth - 14 - badgeWidth, y: y, width: badgeWidth, height: lineHeight),
                              radius: lineHeight / 2, highlight ? theme.base.alert : theme.base.accent)
                p.text(label, x: sidebarWidth - 8 - badgeWidth, y: y, font: bold, color: Color(rgb: 0xFFFFFF))
            }
        }

        // Nick list.
        let nickWidth = min(150, w * 0.2)
        let nickX = w - nickWidth
        p.fill(Rect(x: nickX, y: 0, width: nickWidth, height: h), theme.base.surface)
        p.text("4 users", x: nickX + 12, y: 12, font: bold, color: theme.dimText)
        for (i, nick) in ["@alice", "+bob", "carol", "我是猫"].enumerated() {
            let name = nick.first == "@" || nick.first == "+" ? String(nick.dropFirst()) : nick
            p.text(nick, x: nickX + 12, y: 40 + Double(i) * lineHeight, font: font,
                   color: theme.color(forNick: name))
        }

        // Topic bar.
        let centreX = sidebarWidth, centreWidth = nickX - sidebarWidth
        p.fill(Rect(x: centreX, y: 0, width: centreWidth, height: lineHeight + 16), theme.base.surface)
        p.fill(Rect(x: centreX, y: lineHeight + 16, width: centreWidth, height: 1), theme.base.border)
        let topicX = centreX + 12 + p.text("#natter", x: centreX + 12, y: 8, font: bold, color: theme.base.text)
        p.text("  Natter development · https://example.org/natter", x: topicX, y: 8, font: font,
               color: theme.dimText)

        // Messages, newest at the bottom above the input line.
        let mono = theme.monoFont
        let lines: [Line] = [
            Line(time: "12:01", nick: "alice", parts: [("Welcome to ", nil), ("Natter", theme.base.accent), ("!", nil)]),
            Line(time: "12:02", nick: "bob", parts: [("red ", Color(rgb: 0xFF0000)), ("green ", Color(rgb: 0x009300)),
                                                     ("blue ", Color(rgb: 0x0000FC)), ("and plain text", nil)]),
            Line(time: "12:02", nick: "carol", parts: [("こんにちは、世界！ 你好 안녕하세요", nil)]),
            Line(time: "12:03", nick: "我是猫", parts: [("emoji 🎉🚀😀 and accents: café, naïve", nil)]),
            Line(time: "12:04", nick: "alice", parts: [("me: ", theme.base.alert), ("you were mentioned", nil)]),
        ]
        let inputHeight = lineHeight + 20
        var y = h - inputHeight - Double(lines.count) * lineHeight - 8
        for line in lines {
            var x = centreX + 12
            x += p.text(line.time, x: x, y: y, font: mono, color: theme.dimText) + 10
            x += p.text(line.nick, x: x, y: y, font: bold, color: theme.color(forNick: line.nick)) + 10
            for (text, color) in line.parts {
                x += p.text(text, x: x, y: y, font: font, color: color ?? theme.base.text)
            }
            y += lineHeight
        }

        // Input line.
        let inputY = h - inputHeight
        p.fill(Rect(x: centreX, y: inputY, width: centreWidth, height: 1), theme.base.border)
        p.fillRounded(Rect(x: centreX + 8, y: inputY + 8, width: centreWidth - 16, height: inputHeight - 16),
                      radius: 6, theme.base.surface)
        let typed = "hello from Natter"
        let typedWidth = p.text(typed, x: centreX + 16, y: inputY + 10, font: font, color: theme.base.text)
        p.fill(Rect(x: centreX + 17 + typedWidth, y: inputY + 11, width: 1.5, height: lineHeight - 6), theme.base.accent)
    }
}
