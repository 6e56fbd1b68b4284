import Widgets

/// A panel opened over the chat, centred across the window, that takes the keyboard and goes
/// with a click outside it or its own dismissal: the quick switcher, the key help and the
/// bouncer networks form.
@MainActor
protocol CentredPanel: Widget {}

extension CentredPanel {
    /// Shows the panel `width` wide with its top at `top`, centred across `host`'s window.
    func present(in host: WidgetHost, width: Double, top: Double) {
        host.showOverlay(self, at: Point(x: ((host.size.width - width) / 2).rounded(), y: top),
                         dismissOnOutsideClick: true, takesFocus: true)
    }

    /// Closes the panel.
    public func dismiss() { host?.dismissOverlay(self) }
}
