import SDLBackend
import Widgets

/// What the window shows while no network is configured: the name, the version, and the keys
/// that work.
struct WelcomeFrame {
    var theme: Theme

    func draw(_ p: Painter, width: Int, height: Int) {
        p.clear(theme.background)
        let title = FontSpec(role: .ui, size: 34, bold: true)
        let body = theme.uiFont
        let lines: [(String, FontSpec, Color)] = [
            ("Natter", title, theme.text),
            ("IRC for the Linux desktop · \(NatterVersion.string)", body, theme.dimText),
            ("No network is configured yet.", body, theme.text),
            ("Ctrl+Q quits.", body, theme.dimText),
        ]
        let gap = 10.0
        let total = lines.reduce(0) { $0 + p.lineHeight($1.1) + gap } - gap
        var y = ((Double(height) - total) / 2).rounded()
        for (text, font, color) in lines {
            let x = ((Double(width) - p.measure(text, font: font)) / 2).rounded()
            p.text(text, x: x, y: y, font: font, color: color)
            y += p.lineHeight(font) + gap
        }
    }
}
