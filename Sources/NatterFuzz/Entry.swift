import Foundation

// Built two ways. `make fuzz` builds with `-sanitize=fuzzer,address -D NATTER_FUZZ`: libFuzzer
// runs the inputs through `LLVMFuzzerTestOneInput`, for the target named in
// `NATTER_FUZZ_TARGET`. (SwiftPM links an executable's entry point as `natter_fuzz_main`, so
// that one hands over to libFuzzer's driver instead of libFuzzer's own `main`.) The ordinary build has a `main` that says so, and runs the targets
// over files or folders given on the command line (a crash input as a regression check).

#if NATTER_FUZZ
nonisolated(unsafe) private var chosen: FuzzTarget? = nil

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    if chosen == nil {
        guard let target = FuzzTarget.named(ProcessInfo.processInfo.environment["NATTER_FUZZ_TARGET"]) else {
            FileHandle.standardError.write(Data("NATTER_FUZZ_TARGET must be one of \(FuzzTarget.allCases.map(\.rawValue))\n".utf8))
            exit(2)
        }
        chosen = target
    }
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    chosen?.run(bytes)
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(_ argc: UnsafeMutablePointer<Int32>,
                       _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                       _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

@_cdecl("natter_fuzz_main")
public func natterFuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var vector = argv
    return runDriver(&count, &vector, { data, size in fuzzOneInput(data, size) })
}
#else
@main
enum NatterFuzzMain {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTarget.named(name) else {
            print("natter-fuzz TARGET [FILE|FOLDER…]: runs a fuzz target over inputs (make fuzz builds the libFuzzer version)")
            print("targets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: " "))")
            exit(arguments.isEmpty ? 0 : 2)
        }
        var count = 0
        for path in arguments.dropFirst() {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            let files = isFolder.boolValue
                ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).map { path + "/" + $0 } : [path]
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                target.run(Array(data))
                count += 1
            }
        }
        print("\(target.rawValue): \(count) inputs ran")
    }
}
#endif
