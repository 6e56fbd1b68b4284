import ChatModel
import FoundationEssentials

/// Uploads as the screen sees them: started by `/upload`, a file dropped on the window or a
/// pasted path, shown in the upload bar while under way, the address put into the input once
/// done, and the server's refusals said in the buffer. The app does the upload
/// (``onUpload``) and reports here; a scenario feeds the same calls.
extension ChatController {
    /// A file was dropped on the window: uploaded from the shown buffer where its network has
    /// a file host; otherwise the buffer says why not.
    public func dropFile(_ path: String) {
        guard let current else { return }
        switch model.uploadRequest(path: path, in: current) {
        case .success(let request): startUpload(request)
        case .failure(let refusal): model.note(refusal.sentence, in: current, isError: true, at: clock().wall)
        }
        sync()
    }

    /// Hands `request` to the app, or says that nothing uploads here.
    func startUpload(_ request: UploadRequest) {
        guard let onUpload else {
            model.note("Files cannot be uploaded from here", in: request.buffer, isError: true, at: clock().wall)
            return
        }
        onUpload(request)
    }

    /// How far the upload under way is: the upload bar shows it.
    public func uploadProgressed(_ status: UploadStatus) {
        input.showUpload(status)
    }

    /// `request`'s upload ended: the bar goes; the address goes into the input of the buffer it
    /// was asked from; anything else is said there as a sentence.
    public func uploadEnded(_ request: UploadRequest, _ outcome: UploadOutcome) {
        input.showUpload(nil)
        switch outcome {
        case .uploaded(let url):
            input.insertUploaded(url, in: request.buffer)
        default:
            let (text, isError) = outcome.sentence(for: request)
            model.note(text, in: request.buffer, isError: isError, at: clock().wall)
        }
        sync()
    }
}
