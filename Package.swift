// swift-tools-version: 6.1
// Natter: a graphical IRC client for Linux desktops, drawn through SDL2.
// Layers (arrows point down; each is a dependency declared below): natter → NatterApp →
// {Scenario, Connections, DesktopIntegration, Configuration, SDLBackend, NatterUI, DesktopBus, Spelling, Scripts, Previews,
// Uploads}; Previews → {ChatModel, IRCTransport (its event loop), AsyncHTTPClient};
// Uploads → {NatterUI, ChatModel, IRCTransport}; Scripts → {Scripting, ChatModel, FoundationExtras};
// Scenario → {Configuration, SDLBackend, NatterUI, Spelling}; Connections → {Configuration, IRCTransport,
// ChatModel}; DesktopIntegration → {Configuration, DesktopBus}; Configuration → {FoundationExtras, NatterUI,
// IRCTransport, DesktopBus}; FoundationExtras → ChatModel; NatterUI → {Widgets → ScrollPhysics,
// ChatModel → {IRCSession → IRCProtocol, IRCFormatting → IRCProtocol}}; SDLBackend → {Widgets, PixelBlend};
// IRCTransport → IRCTransportCore → IRCProtocol. Of the library targets only SDLBackend imports SDL, and only Scenario
// and NatterApp depend on SDLBackend. See docs/ARCHITECTURE.md.
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]
let nioCore = Target.Dependency.product(name: "NIOCore", package: "swift-nio")
let nioPosix = Target.Dependency.product(name: "NIOPosix", package: "swift-nio")
let nioTLS = Target.Dependency.product(name: "NIOTLS", package: "swift-nio")
let nioSSL = Target.Dependency.product(name: "NIOSSL", package: "swift-nio-ssl")
let propertyBased = Target.Dependency.product(name: "PropertyBased", package: "swift-property-based")

let package = Package(
    name: "Natter",
    products: [
        .executable(name: "natter", targets: ["natter"]),
        .executable(name: "natter-bench", targets: ["natter-bench"]),
        .executable(name: "natter-fuzz", targets: ["natter-fuzz"]),
        .library(name: "IRCProtocol", targets: ["IRCProtocol"]),
        .library(name: "IRCFormatting", targets: ["IRCFormatting"]),
        .library(name: "IRCSession", targets: ["IRCSession"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.1.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
    ],
    targets: [
        // C libraries. SDL2's pkg-config flags carry -D_REENTRANT, which SwiftPM refuses with a
        // warning on every build; the SDL headers need no -I (they include each other by
        // quoted names from /usr/include/SDL2), so these three name their headers as
        // <SDL2/…> and link by module map instead. The Makefile checks them with pkg-config.
        .systemLibrary(name: "CSDL2", path: "Sources/CSDL2", providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(name: "CSDL2TTF", path: "Sources/CSDL2TTF", providers: [.apt(["libsdl2-ttf-dev"])]),
        .systemLibrary(name: "CSDL2Image", path: "Sources/CSDL2Image", providers: [.apt(["libsdl2-image-dev"])]),
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),   // glibc's mallopt and mallinfo2
        .systemLibrary(name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig1-dev"])]),
        // Enchant's pkg-config flags carry -pthread, which SwiftPM refuses with a warning: the header
        // is named as <enchant-2/enchant.h> and linked by module map instead (as SDL's).
        .systemLibrary(name: "CEnchant", path: "Sources/CEnchant", providers: [.apt(["libenchant-2-dev"])]),
        // PCRE2 for the find bar's `/regular expressions/` (glib, which SDL's stack loads, already
        // maps it; Foundation's NSRegularExpression would load ICU).
        .systemLibrary(name: "CPCRE2", path: "Sources/CPCRE2", pkgConfig: "libpcre2-8", providers: [.apt(["libpcre2-dev"])]),
        // Lua 5.4 for user scripts (Scripting).
        .systemLibrary(name: "CLua", path: "Sources/CLua", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"])]),
        .systemLibrary(name: "CDBus", path: "Sources/CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        // Xlib, for the desktop's scale (`Xft.dpi` in the X resource database).
        .systemLibrary(name: "CX11", path: "Sources/CX11", pkgConfig: "x11", providers: [.apt(["libx11-dev"])]),

        // Pure layers: no SDL, no sockets.
        .target(name: "IRCProtocol", swiftSettings: strict),
        .target(name: "IRCFormatting", dependencies: ["IRCProtocol"], swiftSettings: strict),
        .target(name: "IRCSession",
                dependencies: ["IRCProtocol", .product(name: "Crypto", package: "swift-crypto")],
                swiftSettings: strict),
        .target(name: "ScrollPhysics", swiftSettings: strict),
        // The painter's pixel blending, optimised in debug builds too: unoptimised, its vector
        // code made the render tests minutes slower (see the module's comment).
        .target(name: "PixelBlend", swiftSettings: strict + [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        .target(name: "Widgets", dependencies: ["ScrollPhysics"], swiftSettings: strict),
        .target(name: "ChatModel",
                dependencies: ["IRCSession", "IRCProtocol", "IRCFormatting", "CPCRE2",
                               .product(name: "DequeModule", package: "swift-collections")],
                swiftSettings: strict),

        // The screens: binds the chat model to widgets.
        .target(name: "NatterUI",
                dependencies: ["Widgets", "ChatModel", "IRCFormatting", "IRCSession", "IRCProtocol",
                               .product(name: "DequeModule", package: "swift-collections")],
                swiftSettings: strict),

        // The connection's decisions without I/O (TransportMachine) and the values it works
        // with; tested on a virtual clock. Deque is its send queue.
        .target(name: "IRCTransportCore",
                dependencies: ["IRCProtocol", .product(name: "DequeModule", package: "swift-collections")],
                swiftSettings: strict),
        // Sockets at the edge: SwiftNIO + NIOSSL (no SDL), the shell that runs the machine.
        .target(name: "IRCTransport", dependencies: ["IRCTransportCore", "IRCProtocol", nioCore, nioPosix, nioTLS, nioSSL,
                                                     .product(name: "Crypto", package: "swift-crypto")],
                swiftSettings: strict),
        // Files uploaded to a network's file host (soju.im/FILEHOST) over HTTP at the edge:
        // SwiftNIO on the transports' event loop, the file streamed from disk.
        .target(name: "Uploads",
                dependencies: ["ChatModel", "NatterUI", "IRCTransport", nioCore, nioPosix, nioSSL,
                               .product(name: "NIOHTTP1", package: "swift-nio")],
                swiftSettings: strict),
        // Test support (not a product; natter-bench uses it too): real IRC servers in temp dirs, a raw-socket client.
        .target(name: "IRCTestServers", dependencies: ["IRCProtocol"], swiftSettings: strict),

        // The session bus at the edge (libdbus): desktop notifications, the desktop portal.
        .target(name: "DesktopBus", dependencies: ["CDBus"], swiftSettings: strict),
        // Spell checking through Enchant.
        .target(name: "Spelling", dependencies: ["CEnchant"], swiftSettings: strict),
        // User scripts in a sandboxed Lua 5.4: a curated library, a time and a memory bound per call.
        .target(name: "Scripting", dependencies: ["CLua"], swiftSettings: strict),
        // The user's scripts in the client: loading, the `natter` API over the model's hook
        // points, their bounds and reports (no SDL).
        .target(name: "Scripts", dependencies: ["Scripting", "ChatModel", "IRCProtocol", "IRCSession", "IRCFormatting", "FoundationExtras"],
                swiftSettings: strict),

        // What FoundationEssentials lacks and Foundation's full library (which loads ICU) would
        // give: starting programs, paths, percent coding, errno's words.
        .target(name: "FoundationExtras", dependencies: ["ChatModel", "IRCProtocol"], swiftSettings: strict),
        // The config file and what it names (no SDL): the TOML reader and writer, NatterConfig,
        // passwords from commands and the keyring, the user's theme colours, key names.
        .target(name: "Configuration",
                dependencies: ["FoundationExtras", "NatterUI", "Widgets", "ChatModel", "IRCSession", "IRCProtocol", "IRCTransport",
                               "DesktopBus"],
                swiftSettings: strict),
        // The desktop around the window (no SDL): one Natter per user, irc:// links, programs
        // the desktop opens things with, light or dark, the window's state between runs.
        .target(name: "DesktopIntegration",
                dependencies: ["Configuration", "FoundationExtras", "DesktopBus", "ChatModel", "IRCProtocol"],
                swiftSettings: strict),
        // The model's networks connected (no SDL: the window passes its clock and wake-up).
        .target(name: "Connections",
                dependencies: ["Configuration", "ChatModel", "IRCSession", "IRCProtocol", "IRCTransport"],
                swiftSettings: strict),

        // Link previews (no SDL): a page's head read for its card, images sniffed and measured
        // before decoding, and the fetching over HTTP with its bounds and a disk cache.
        .target(name: "Previews",
                dependencies: ["ChatModel", "IRCTransport", nioCore, nioSSL, .product(name: "NIOHTTP1", package: "swift-nio"),
                               .product(name: "Crypto", package: "swift-crypto"),
                               // Its swift-configuration dependency has a module named as ours.
                               .product(name: "AsyncHTTPClient", package: "async-http-client",
                                        moduleAliases: ["Configuration": "SwiftConfiguration"])],
                swiftSettings: strict),

        // SDL at the edge, and the composition root.
        .target(name: "SDLBackend",
                dependencies: ["Widgets", "PixelBlend", "CSDL2", "CSDL2TTF", "CSDL2Image", "CFontconfig", "CX11"],
                swiftSettings: strict),
        // The scenario language and runner of `natter render`: it draws, so it links SDL.
        .target(name: "Scenario",
                dependencies: ["Configuration", "FoundationExtras", "SDLBackend", "Widgets", "NatterUI", "ChatModel",
                               "IRCSession", "IRCProtocol", "Spelling", "Previews"],
                swiftSettings: strict),
        // The composition root: the window app, the CLI.
        .target(name: "NatterApp",
                dependencies: ["Configuration", "Connections", "DesktopIntegration", "FoundationExtras", "Scenario",
                               "SDLBackend", "Widgets", "NatterUI", "ChatModel", "IRCSession", "IRCProtocol", "IRCTransport",
                               "DesktopBus", "Spelling", "Scripts", "Previews", "Uploads", "CMalloc",
                               .product(name: "ArgumentParser", package: "swift-argument-parser")],
                swiftSettings: strict),
        .executableTarget(name: "natter", dependencies: ["NatterApp"], swiftSettings: strict),
        // Fuzz targets (make fuzz builds them with libFuzzer and AddressSanitizer).
        .executableTarget(name: "natter-fuzz", dependencies: ["IRCProtocol", "IRCFormatting", "IRCSession", "Configuration",
                                                            "Scenario", "NatterUI", "SDLBackend", "Widgets", "ChatModel",
                                                            "Scripting", "Scripts", "Previews"],
                          path: "Sources/NatterFuzz", swiftSettings: strict),
        .executableTarget(name: "natter-bench",
                          dependencies: ["IRCProtocol", "IRCFormatting", "IRCSession", "ChatModel", "Widgets",
                                         "NatterUI", "SDLBackend", "CMalloc", "Connections", "IRCTransport",
                                         "IRCTestServers", "Scripts"],
                          path: "Sources/NatterBench", swiftSettings: strict),

        // What several test targets share (test targets cannot import each other): the corpus
        // locator, the server fixtures, the natter binary, a seeded PRNG, the desktop's services
        // on a private bus. Not a product.
        .target(name: "NatterTestSupport", dependencies: ["IRCTestServers", "TSanMutexSupport"], path: "Tests/Support",
                exclude: ["fake-portal.py"], swiftSettings: strict),
        // C, for ThreadSanitizer builds only (empty in others): shows it the locks that
        // Synchronization.Mutex takes in uninstrumented code, which it otherwise reports as
        // races. Linked into the test binary through NatterTestSupport. Not a product.
        .target(name: "TSanMutexSupport", path: "Tests/TSanMutexSupport"),
        .testTarget(name: "IRCProtocolTests", dependencies: ["NatterTestSupport", "IRCProtocol", propertyBased], swiftSettings: strict),
        .testTarget(name: "IRCSessionTests", dependencies: ["IRCSession", "IRCProtocol"], swiftSettings: strict),
        .testTarget(name: "IRCFormattingTests", dependencies: ["NatterTestSupport", "IRCFormatting", propertyBased], swiftSettings: strict),
        .testTarget(name: "IRCTransportCoreTests", dependencies: ["NatterTestSupport", "IRCTransportCore", "IRCProtocol"],
                    swiftSettings: strict),
        .testTarget(name: "IRCTransportTests",
                    dependencies: ["NatterTestSupport", "IRCTransport", "IRCTestServers", "IRCProtocol", nioCore, nioTLS,
                                   .product(name: "NIOEmbedded", package: "swift-nio")],
                    swiftSettings: strict),
        .testTarget(name: "ScrollPhysicsTests", dependencies: ["NatterTestSupport", "ScrollPhysics"], swiftSettings: strict),
        .testTarget(name: "ChatModelTests", dependencies: ["NatterTestSupport", "ChatModel", "IRCSession", "IRCProtocol"], swiftSettings: strict),
        .testTarget(name: "WidgetsTests", dependencies: ["NatterTestSupport", "Widgets", "ScrollPhysics"], swiftSettings: strict),
        .testTarget(name: "NatterUITests", dependencies: ["NatterUI", "Widgets", "ChatModel", "IRCSession", "IRCProtocol",
                                                     .product(name: "DequeModule", package: "swift-collections")], swiftSettings: strict),
        .testTarget(name: "SpellingTests", dependencies: ["Spelling"], swiftSettings: strict),
        .testTarget(name: "ScriptingTests", dependencies: ["Scripting"], swiftSettings: strict),
        .testTarget(name: "ScriptsTests", dependencies: ["Scripts", "Scripting", "ChatModel", "Configuration", "IRCProtocol", "IRCSession"],
                    swiftSettings: strict),
        .testTarget(name: "UploadsTests", dependencies: ["Uploads", "ChatModel", .product(name: "NIOHTTP1", package: "swift-nio")],
                    swiftSettings: strict),
        .testTarget(name: "SDLBackendTests", dependencies: ["NatterTestSupport", "SDLBackend", "PixelBlend", "Widgets", "CSDL2", "CSDL2TTF"], swiftSettings: strict),
        .testTarget(name: "FoundationExtrasTests", dependencies: ["FoundationExtras"], swiftSettings: strict),
        .testTarget(name: "ConfigurationTests", dependencies: ["NatterTestSupport", "Configuration", "ChatModel", "IRCSession", "IRCProtocol", "DesktopBus", "NatterUI", "Widgets"],
                    swiftSettings: strict),
        .testTarget(name: "DesktopIntegrationTests", dependencies: ["NatterTestSupport", "DesktopIntegration", "DesktopBus"],
                    swiftSettings: strict),
        .testTarget(name: "ConnectionsTests",
                    dependencies: ["Connections", "Configuration", "ChatModel", "IRCSession", "IRCProtocol", "IRCTransport"],
                    swiftSettings: strict),
        // The previews: the pure readers on sample files, and the service against a web server of
        // its own on loopback (Server/preview_server.py, python3), thumbnails made by SDL's.
        .testTarget(name: "PreviewsTests", dependencies: ["Previews", "ChatModel", "IRCTestServers", "SDLBackend", nioSSL],
                    exclude: ["Fixtures", "Server"], swiftSettings: strict),
        .testTarget(name: "ScenarioTests", dependencies: ["Scenario", "Widgets", "IRCProtocol", "ChatModel"], swiftSettings: strict),
        // The app as a whole: the natter binary in a private X server, the CLI, and what the
        // headless targets keep in step with SDL.
        .testTarget(name: "NatterAppTests", dependencies: ["NatterTestSupport", "NatterApp", "Configuration", "Connections",
                                                      "IRCTestServers", "IRCProtocol", "IRCSession", "NatterUI", "Widgets",
                                                      "SDLBackend", "CX11", "DesktopBus",
                                                      .product(name: "ArgumentParser", package: "swift-argument-parser")],
                    swiftSettings: strict),
        // The whole client stack (transport → session → model → controller, and the hub) against
        // real servers, without SDL.
        .testTarget(name: "IntegrationTests",
                    dependencies: ["NatterTestSupport", "Connections", "Configuration", "NatterUI", "ChatModel", "IRCSession",
                                   "IRCTransport", "IRCTestServers", "IRCProtocol", "Scripts", "Uploads",
                                   .product(name: "Crypto", package: "swift-crypto")],
                    swiftSettings: strict),
        // Golden images and metrics of `natter render` scenarios; runs the built natter binary.
        .testTarget(name: "RenderTests", dependencies: ["NatterTestSupport", "SDLBackend", "Widgets", "NatterUI", "ChatModel",
                                                        "IRCSession", "IRCProtocol", "CSDL2"],
                    exclude: ["Scenarios", "Goldens", "README.md"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
