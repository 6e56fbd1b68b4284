import ChatModel
import FoundationEssentials
import NatterUI

/// The window's uploads: what the controller asks for (``ChatController/onUpload``, its
/// cancel) carried out by a ``FileUploader``, and what comes back handed to the controller when
/// the loop drains. One upload at a time: another asked for meanwhile is refused with a
/// sentence, so the input's bar always speaks of one file.
@MainActor
public final class UploadSession {
    /// The uploader (its events are taken by ``drain()``).
    public let uploader: FileUploader
    private let controller: ChatController
    private var current: (id: Int, request: UploadRequest)?

    /// Takes over `controller`'s upload requests, carried out by `uploader` (whose wake-up
    /// brings the loop to ``drain()``).
    public init(controller: ChatController, uploader: FileUploader) {
        self.controller = controller
        self.uploader = uploader
        controller.onUpload = { [weak self] request in self?.start(request) }
        controller.onCancelUpload = { [weak self] in self?.cancel() }
    }

    /// Whether an upload is under way.
    public var isUploading: Bool { current != nil }

    /// Starts `request` with its network's login, unless another is under way.
    public func start(_ request: UploadRequest) {
        let model = controller.model
        if let current {
            model.note("\(current.request.fileName) is still being uploaded: wait for it, or Escape cancels it",
                       in: request.buffer, isError: true, at: controller.clock().wall)
            controller.sync()
            return
        }
        let credentials = model.network(request.network)?.uploadCredentials
        current = (uploader.start(request, credentials: credentials), request)
        controller.input.uploadProgressed(UploadStatus(fileName: request.fileName, sent: 0, total: request.size))
    }

    /// Cancels the upload under way (its end comes through ``drain()``).
    public func cancel() {
        if let current { uploader.cancel(current.id) }
    }

    /// Hands what the uploads reported to the controller: progress to the bar, the end to the
    /// input or the buffer.
    public func drain() {
        for event in uploader.drain() {
            switch event {
            case .progress(let id, let sent, let total):
                guard let current, current.id == id else { continue }
                controller.input.uploadProgressed(UploadStatus(fileName: current.request.fileName, sent: sent, total: total))
            case .finished(let id, let outcome):
                guard let current, current.id == id else { continue }
                self.current = nil
                controller.input.uploadEnded(current.request, outcome)
            }
        }
    }
}
