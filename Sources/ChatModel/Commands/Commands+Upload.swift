/// `/upload PATH`: the file and the network's file host checked here, the upload itself handed
/// to the app (``CommandEffect/upload(_:)``), which streams it over HTTP.
extension Commands {
    func runUpload(_ path: String, in scope: CommandScope) -> [CommandEffect] {
        switch model.uploadRequest(path: path, in: scope.id) {
        case .success(let request): return [.upload(request)]
        case .failure(let refusal):
            scope.note(refusal.sentence, error: true)
            return []
        }
    }
}
