import ChatModel
import FoundationEssentials
import Widgets

/// A long paste going out (``ChatModel/queuePaste(_:in:now:)``) shows above the input line:
/// lines left and about how long they take; Escape or the bar's button cancels the rest.
extension InputPresenter {
    /// Shows the shown buffer's paste queue, or hides the bar when it has none.
    func refreshPasteQueue() {
        let bar = screen.pasteBar
        guard let current = chat.current, let progress = model.pasteProgress(of: current),
              let buffer = model.buffer(current) else {
            bar.isHidden = true
            return
        }
        let seconds = Int(progress.seconds.rounded(.up))
        let time = seconds < 60 ? "\(seconds) s" : "\(seconds / 60) min \(seconds % 60) s"
        bar.label.text = StyledText("Sending the paste to \(buffer.name): \(progress.left) of \(progress.total) lines left, "
                                    + "about \(time). Escape cancels the rest.",
                                    attributes: TextAttributes(font: chat.styler.theme.messageFont,
                                                               foreground: chat.styler.theme.base.text))
        bar.cancelButton.onPress = { [weak self] in _ = self?.cancelPasteQueue() }
        bar.isHidden = false
    }

    /// Cancels what is left of the shown buffer's paste; whether there was any.
    func cancelPasteQueue() -> Bool {
        guard let current = chat.current, model.cancelPaste(in: current, now: chat.clock().wall) > 0 else { return false }
        chat.sync()
        return true
    }
}
