import ChatModel
import Widgets

/// How far an upload is, as the upload bar shows it.
public struct UploadStatus: Hashable, Sendable {
    /// The file's name.
    public var fileName: String
    /// Bytes sent so far, and in all.
    public var sent: Int64, total: Int64

    public init(fileName: String, sent: Int64, total: Int64) {
        self.fileName = fileName
        self.sent = sent
        self.total = total
    }

    /// "Uploading cat.png — 42 % of 3 MiB · Escape cancels".
    public var sentence: String {
        let percent = total > 0 ? Int(min(sent, total) * 100 / total) : 0
        return "Uploading \(fileName) — \(percent) % of \(UploadOutcome.size(total)) · Escape cancels"
    }
}

/// An upload's bar above the input line, Escape and the bar's button cancelling it, and its
/// address put into the input where it was asked from.
extension InputPresenter {
    /// Shows `status` in the upload bar, or hides the bar (nil).
    func showUpload(_ status: UploadStatus?) {
        let bar = screen.uploadBar
        guard let status else {
            bar.isHidden = true
            return
        }
        bar.label.text = StyledText(status.sentence, attributes: TextAttributes(font: chat.styler.theme.messageFont,
                                                                                foreground: chat.styler.theme.base.text))
        bar.cancelButton.onPress = { [weak self] in _ = self?.cancelUpload() }
        bar.isHidden = false
    }

    /// Asks the app to cancel the upload under way; whether there was one.
    func cancelUpload() -> Bool {
        guard !screen.uploadBar.isHidden, let cancel = chat.onCancelUpload else { return false }
        cancel()
        return true
    }

    /// The uploaded file's address goes into the input at the caret when its buffer is shown;
    /// for a buffer not shown, into a note there (the draft of another buffer is left alone).
    func insertUploaded(_ url: String, in id: BufferID) {
        guard chat.current == id else {
            model.note("Uploaded: \(url)", in: id, at: chat.clock().wall)
            return
        }
        let input = screen.input
        let state = input.state
        // A space keeps the address off the word before it.
        let before = state.caret > 0 && !state.characters[state.caret - 1].isWhitespace
        input.insertAtCaret((before ? " " : "") + url)
    }

    /// A pasted single `file://` URI of an existing file (a file copied in a file manager; a
    /// bare path pasted is text), where the network
    /// can upload, starts its upload instead of being typed. Returns whether it did.
    func pasteUpload(_ text: String) -> Bool {
        guard let current = chat.current, let start = chat.onUpload,
              let request = model.pastedUpload(text, in: current) else { return false }
        start(request)
        return true
    }
}

import FoundationEssentials

/// Uploads as the input area sees them: started by `/upload`, a file dropped on the window or
/// a pasted path, shown in the upload bar while under way, the address put into the input once
/// done, and the server's refusals said in the buffer. The app does the upload
/// (``ChatController/onUpload``) and reports here; a scenario feeds the same calls.
extension InputPresenter {
    /// A file was dropped on the window: uploaded from the shown buffer where its network has
    /// a file host; otherwise the buffer says why not.
    public func dropFile(_ path: String) {
        guard let current = chat.current else { return }
        switch chat.model.uploadRequest(path: path, in: current) {
        case .success(let request): startUpload(request)
        case .failure(let refusal): chat.model.note(refusal.sentence, in: current, isError: true, at: chat.clock().wall)
        }
        chat.sync()
    }

    /// Hands `request` to the app, or says that nothing uploads here.
    func startUpload(_ request: UploadRequest) {
        guard let onUpload = chat.onUpload else {
            chat.model.note("Files cannot be uploaded from here", in: request.buffer, isError: true, at: chat.clock().wall)
            return
        }
        onUpload(request)
    }

    /// How far the upload under way is: the upload bar shows it.
    public func uploadProgressed(_ status: UploadStatus) {
        showUpload(status)
    }

    /// `request`'s upload ended: the bar goes; the address goes into the input of the buffer it
    /// was asked from; anything else is said there as a sentence.
    public func uploadEnded(_ request: UploadRequest, _ outcome: UploadOutcome) {
        showUpload(nil)
        switch outcome {
        case .uploaded(let url):
            insertUploaded(url, in: request.buffer)
        default:
            let (text, isError) = outcome.sentence(for: request)
            chat.model.note(text, in: request.buffer, isError: isError, at: chat.clock().wall)
        }
        chat.sync()
    }
}
