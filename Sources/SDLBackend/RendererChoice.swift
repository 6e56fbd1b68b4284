import FoundationEssentials

/// Which SDL renderer draws the window. SDL's own first choice is OpenGL; where the only GL
/// is a software one (Mesa's llvmpipe, as under Xvfb or on a machine without a GPU driver),
/// that loads some 60 MiB of LLVM to do on the CPU what SDL's software renderer does with a
/// fraction of the memory. `auto` therefore takes the accelerated renderer only where the
/// kernel exposes a GPU render node (`/dev/dri/renderD*`), the software one otherwise.
public enum RendererChoice: String, Sendable, CaseIterable {
    case auto, software, accelerated

    /// The choice from `NATTER_RENDERER` if set, else `configured`.
    public static func resolve(configured: RendererChoice,
                               environment: [String: String] = ProcessInfo.processInfo.environment) -> RendererChoice {
        environment["NATTER_RENDERER"].flatMap { RendererChoice(rawValue: $0.lowercased()) } ?? configured
    }

    /// Whether to ask for the software renderer, looking at `renderNodes` for `auto`.
    public func usesSoftware(renderNodes: [String] = Self.renderNodes()) -> Bool {
        switch self {
        case .software: true
        case .accelerated: false
        case .auto: renderNodes.isEmpty
        }
    }

    /// The GPU render nodes the kernel exposes.
    public static func renderNodes(folder: String = "/dev/dri") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix("renderD") }
    }
}
