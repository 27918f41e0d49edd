// swift-tools-version:6.0
import PackageDescription

// Layering: docs/architecture.md's module table names every target's dependencies and imports, and
// scripts/check-module-edges.py (run by scripts/test.sh) fails when this file or an import disagrees with it.
// libstrata (docs/c-api.md): the C API's shared library links the Swift runtime, Foundation and Dispatch into
// itself in release (a kiosk has no toolchain), exports only what its version script lists (generated from
// include/strata/strata.h by scripts/c-api.py) and is never unloaded. Debug builds link the toolchain's runtime.
let staticRuntime: [String] = [
    "-static-stdlib", "-no-toolchain-stdlib-rpath",
    // -static-stdlib names the runtime and Foundation, not the archives Foundation needs in turn.
    "-Xlinker", "--start-group", "-lFoundationInternationalization", "-lFoundationEssentials", "-lCoreFoundation",
    "-l_FoundationICU", "-l_FoundationCollections", "-l_FoundationCShims", "-lswiftSynchronization",
    "-lswift_RegexParser", "-lswift_StringProcessing", "-Xlinker", "--end-group",
]
let libstrataLinking: [LinkerSetting] = [
    .unsafeFlags(staticRuntime, .when(configuration: .release)),
    .unsafeFlags(["-Xlinker", "-soname=libstrata.so.0", "-Xlinker", "--version-script=\(Context.packageDirectory)/include/strata/libstrata.map",
                  "-Xlinker", "-z", "-Xlinker", "nodelete", "-Xlinker", "--no-undefined"]),
]

let package = Package(
    name: "Strata",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Strata", targets: ["Strata"]),
        // The C API (docs/c-api.md): libStrataC.so, whose SONAME is libstrata.so.0 (the name `strata` is the
        // CLI's product). Nothing else may depend on StrataCAPI (its linker settings).
        .library(name: "StrataC", type: .dynamic, targets: ["StrataCAPI"]),
        .library(name: "StrataGLES", targets: ["StrataGLES"]),
        .library(name: "StrataAVFoundation", targets: ["StrataAVFoundation"]),
        .library(name: "StrataUIKit", targets: ["StrataUIKit"]),
        .library(name: "StrataLayout", targets: ["StrataLayout"]),
        .library(name: "StrataTesting", targets: ["StrataTesting"]),
        // The client modules as one static archive, for apps built without SwiftPM (libstrata-dev, strata.pc).
        .library(name: "StrataClient", type: .static, targets: ["Strata", "StrataUIKit", "StrataAVFoundation", "StrataGLES"]),
        .executable(name: "strata-server", targets: ["strata-server"]),
        .executable(name: "strata", targets: ["strata"]),
        .executable(name: "strata-bench", targets: ["strata-bench"]),
        .executable(name: "strata-demo", targets: ["strata-demo"]),
        .executable(name: "strata-input-demo", targets: ["strata-input-demo"]),
        .executable(name: "strata-kiosk-shell", targets: ["strata-kiosk-shell"]),
        .executable(name: "strata-examples", targets: ["strata-examples"]),
        .executable(name: "strata-text-worker", targets: ["strata-text-worker"]),
        .executable(name: "strata-fuzz", targets: ["strata-fuzz"]),
        .executable(name: "strata-fuzz-decoders", targets: ["strata-fuzz-decoders"]),
        .executable(name: "strata-fuzz-text", targets: ["strata-fuzz-text"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        // C shims
        .systemLibrary(name: "CStrataGL", path: "Sources/CStrataGL", pkgConfig: "egl"),
        // GStreamer with its app, video and pbutils (the discoverer) libraries (video in a layer: StrataAVFoundation).
        .systemLibrary(name: "CGStreamer", path: "Sources/CGStreamer", pkgConfig: "gstreamer-pbutils-1.0",
                       providers: [.apt(["libgstreamer1.0-dev", "libgstreamer-plugins-base1.0-dev"])]),
        .systemLibrary(name: "CStrataPNG", path: "Sources/CStrataPNG", pkgConfig: "libpng"),
        .systemLibrary(name: "CStrataCairo", path: "Sources/CStrataCairo", pkgConfig: "cairo"),
        // FreeType, HarfBuzz, fontconfig and FriBiDi in one module (harfbuzz's pkg-config gives its own and
        // freetype2's include paths; the others' headers are under /usr/include).
        .systemLibrary(name: "CStrataText", path: "Sources/CStrataText", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev", "libfreetype-dev", "libfontconfig-dev", "libfribidi-dev"])]),
        // ICU's line break iterator and libthai behind a C function (ICU's entry points carry its version in their names).
        .target(name: "CStrataBreak", path: "Sources/CStrataBreak", linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("thai")]),
        .target(name: "CStrataSys", path: "Sources/CStrataSys"),
        // Making a layer of a class known at run time through its own initialiser (the Swift runtime's vtable lookup).
        .target(name: "CStrataRuntime", path: "Sources/CStrataRuntime"),
        // libjpeg-turbo behind a C function (its errors longjmp, which Swift cannot catch).
        .target(name: "CStrataJPEG", path: "Sources/CStrataJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        .systemLibrary(name: "CSystemd", path: "Sources/CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        .systemLibrary(name: "CStrataDRM", path: "Sources/CStrataDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CStrataGBM", path: "Sources/CStrataGBM", pkgConfig: "gbm", providers: [.apt(["libgbm-dev"])]),
        .systemLibrary(name: "CStrataUdev", path: "Sources/CStrataUdev", pkgConfig: "libudev", providers: [.apt(["libudev-dev"])]),
        .systemLibrary(name: "CStrataSeat", path: "Sources/CStrataSeat", pkgConfig: "libseat", providers: [.apt(["libseat-dev"])]),
        // libinput (with libudev) and xkbcommon in one module.
        .systemLibrary(name: "CStrataInput", path: "Sources/CStrataInput", pkgConfig: "libinput",
                       providers: [.apt(["libinput-dev", "libxkbcommon-dev", "libudev-dev"])]),

        // Core model: no GL, no I/O.
        .target(name: "StrataCore"),
        // StrataVersion.current is written at build time from debian/changelog, the one place the version is kept.
        .target(name: "StrataProtocol", dependencies: ["StrataCore", "CStrataSys"], plugins: ["StrataVersionPlugin"]),
        .plugin(name: "StrataVersionPlugin", capability: .buildTool()),
        .target(name: "StrataPNG", dependencies: ["CStrataPNG", "CStrataJPEG"]),
        .target(name: "StrataText", dependencies: ["StrataCore", "CStrataText", "CStrataBreak"]),
        .target(name: "StrataTextWorker", dependencies: ["StrataText", "StrataProtocol", "StrataCore", "CStrataSys"]),
        .target(name: "Strata", dependencies: [
            "StrataCore", "StrataProtocol", "StrataPNG", "StrataText", "CStrataCairo", "CStrataRuntime",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // An app's own OpenGL ES in a layer: EAGLContext, CAMetalLayer's drawables, GLKBaseEffect (the one client
        // module that links GL).
        .target(name: "StrataGLES", dependencies: ["Strata", "StrataCore", "StrataDisplay", "StrataGL", "CStrataGL"]),
        // Video in a layer: AVPlayer, AVPlayerLayer and CMTime over GStreamer (decoding in the app's process).
        .target(name: "StrataAVFoundation", dependencies: ["Strata", "StrataCore", "StrataProtocol", "CGStreamer"]),
        // UIKit's view level over the layers: UIView, touches and gesture recognizers, block animations.
        // The Cassowary constraint solver Auto Layout runs on (Foundation only).
        .target(name: "StrataLayout"),
        .target(name: "StrataUIKit", dependencies: ["Strata", "StrataCore", "StrataLayout", .product(name: "Logging", package: "swift-log")]),
        // Testing an app's screens: a headless server in a temporary directory, input, snapshots compared with
        // reference PNGs. Foundation only besides Strata, so it serves Swift Testing and XCTest alike.
        .target(name: "StrataTesting", dependencies: ["Strata", "StrataProtocol", "StrataPNG"]),
        // Seed 003's demos written as their author wrote them (view controllers), for strata-examples and tests.
        .target(name: "StrataExamples", dependencies: ["StrataUIKit", "StrataPNG"]),
        .target(name: "StrataCafeScreen", dependencies: ["Strata"]),
        .target(name: "StrataShaders", path: "Shaders", exclude: [], resources: [.copy("glsl")]),
        .target(name: "StrataGL", dependencies: ["CStrataGL"]),
        .target(name: "StrataRender", dependencies: ["StrataCore", "StrataText", "CStrataGL", "StrataGL", "StrataShaders"]),
        .target(name: "StrataKMS"),
        .target(name: "StrataDisplay", dependencies: ["CStrataGL", "StrataKMS"]),
        .target(name: "StrataKMSDevice", dependencies: [
            "StrataKMS", "StrataDisplay", "CStrataGL", "CStrataDRM", "CStrataGBM", "CStrataUdev", "CStrataSeat",
        ]),
        .target(name: "StrataInput"),
        .target(name: "StrataInputDevice", dependencies: ["StrataInput", "StrataKMSDevice", "CStrataInput"]),
        .target(name: "StrataServer", dependencies: [
            "CStrataSys", "CSystemd",
            "StrataCore", "StrataProtocol", "StrataRender", "StrataDisplay", "StrataText", "StrataTextWorker", "StrataInput",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .target(name: "StrataScene", dependencies: ["StrataCore", "StrataProtocol", "StrataPNG"]),
        .target(name: "StrataConfig", dependencies: ["StrataCore"]),
        .target(name: "StrataOffline", dependencies: ["StrataScene", "StrataServer", "StrataDisplay", "StrataPNG", "StrataProtocol", "StrataRender"]),

        // Executables
        .executableTarget(name: "strata-server", dependencies: [
            "StrataServer", "StrataConfig", "StrataDisplay", "StrataKMS", "StrataKMSDevice", "StrataProtocol", "StrataRender",
            "StrataInput", "StrataInputDevice", "StrataPNG",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "strata", dependencies: [
            "StrataScene", "StrataOffline", "StrataProtocol", "StrataPNG", "StrataCore", "StrataInputDevice",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "strata-bench", dependencies: [
            "StrataServer", "StrataDisplay", "StrataProtocol", "StrataCore", "Strata", "StrataCafeScreen", "StrataGLES", "StrataAVFoundation",
            "StrataUIKit", "StrataExamples",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "strata-text-worker", dependencies: ["StrataTextWorker"]),
        .executableTarget(name: "strata-demo", dependencies: ["Strata", "StrataCafeScreen", "StrataPNG"]),
        .executableTarget(name: "strata-input-demo", dependencies: ["Strata"]),
        // The C API (docs/c-api.md): its header as a module, and the Swift that implements it.
        .target(name: "CStrataAPI"),
        .target(name: "StrataCAPI", dependencies: ["Strata", "StrataCore", "CStrataAPI"], linkerSettings: libstrataLinking),
        // The example kiosk shell (docs/hosting.md): apps of their own hosted side by side, a swipe between them.
        .executableTarget(name: "strata-kiosk-shell", dependencies: ["Strata"], path: "examples/kiosk-shell"),
        .executableTarget(name: "strata-examples", dependencies: ["StrataExamples", "StrataUIKit"]),

        // Fuzzing (docs/fuzzing.md): generators and the decoder harness, the process-level fuzzer, and the
        // libFuzzer target (a file replayer unless built with --sanitize=fuzzer -Xswiftc -DSTRATA_LIBFUZZER).
        .target(name: "StrataFuzzing", dependencies: ["StrataProtocol", "StrataCore", "StrataPNG"]),
        .executableTarget(name: "strata-fuzz", dependencies: [
            "StrataFuzzing", "StrataProtocol", "StrataCore", "CStrataSys",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "strata-fuzz-decoders", dependencies: ["StrataFuzzing"]),
        // libFuzzer on TextLayout.layout, the same way (its harness and invariants are in the executable, so the
        // decoder fuzzer does not link the text stack).
        .executableTarget(name: "strata-fuzz-text", dependencies: ["StrataFuzzing", "StrataText", "StrataCore"]),

        // Tests
        // Helpers several test targets share (reference evaluators written independently of the library).
        .target(name: "StrataTestSupport", dependencies: ["StrataCore", "StrataProtocol"], path: "Tests/StrataTestSupport"),
        .testTarget(name: "StrataCoreTests", dependencies: ["StrataCore", "StrataTestSupport"]),
        // The solver alone, and against kiwisolver (scripts/solver-oracle.py) on seeded random systems.
        .testTarget(name: "StrataLayoutTests", dependencies: ["StrataLayout"]),
        .testTarget(name: "StrataTextTests", dependencies: ["StrataText", "StrataCore", "StrataTextWorker", "StrataProtocol", "StrataTestSupport"]),
        .testTarget(name: "StrataKMSTests", dependencies: [
            "StrataKMS", "StrataConfig", "StrataDisplay", "StrataServer", "StrataProtocol", "StrataCore", "StrataRender", "CStrataGL",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "StrataKMSDeviceTests", dependencies: [
            "StrataKMSDevice", "StrataKMS", "StrataDisplay", "StrataServer", "StrataProtocol", "StrataCore", "CStrataGL",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "StrataProtocolTests", dependencies: ["StrataProtocol", "StrataCore"]),
        .testTarget(name: "StrataFuzzingTests", dependencies: ["StrataFuzzing", "StrataProtocol", "StrataCore", "StrataText", "StrataPNG", "strata-fuzz-text"]),
        .testTarget(name: "StrataConfigTests", dependencies: ["StrataConfig", "StrataCore"]),
        .testTarget(name: "StrataServerTests", dependencies: ["StrataServer", "StrataProtocol", "StrataCore", "StrataConfig", "StrataInput", "StrataDisplay",
                                                            "StrataRender", "StrataTestSupport", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "StrataInputDeviceTests", dependencies: ["StrataInputDevice", "StrataInput"]),
        // Golden/ holds the renderer's golden PNGs and their scenes, read by #filePath-relative paths.
        .testTarget(name: "StrataRenderTests", dependencies: ["StrataServer", "StrataScene", "StrataOffline", "StrataPNG", "StrataCore", "StrataProtocol", "StrataDisplay", "StrataRender", "StrataInput", "CStrataGL", "StrataTestSupport", .product(name: "Logging", package: "swift-log")],
                    exclude: ["Golden"]),
        // Apple-style snippets of ported iOS code: that they compile is the test (docs/status.md).
        .testTarget(name: "StrataPortingProbes", dependencies: ["Strata", "StrataGLES", "StrataAVFoundation", "StrataUIKit"]),
        // Apple's Swift interface (docs/status.md): code shaped as for Apple's SDK, one small use per declaration,
        // compiled in Swift 5 mode (Swift5/) and in Swift 6 mode with warnings as errors (Swift6/). Both hold
        // Shared/ (a link to Tests/AppleShape/Shared); each adds what only its mode compiles, and runs what can run.
        .testTarget(name: "AppleShapeSwift5", dependencies: ["Strata", "StrataGLES", "StrataAVFoundation", "StrataUIKit"],
                    path: "Tests/AppleShape/Swift5", swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "AppleShapeSwift6", dependencies: ["Strata", "StrataGLES", "StrataAVFoundation", "StrataUIKit"],
                    path: "Tests/AppleShape/Swift6", swiftSettings: [.swiftLanguageMode(.v6), .unsafeFlags(["-warnings-as-errors"])]),
        // StrataTesting's own tests: snapshot comparison (no server) and its use from XCTest (which runs
        // before Swift Testing, so its connection meets no other); the Swift Testing ones that connect are in
        // StrataClientTests/KioskScreen and /VirtualClock, inside the suite that serializes connections.
        .testTarget(name: "StrataTestingTests", dependencies: ["StrataTesting", "Strata", "StrataPNG"]),
        // Client library unit tests and multi-process end-to-end tests share process-wide client state
        // (the connection, the transaction stack), so they live in one target under one serialized suite.
        // Golden/ holds CGContext golden PNGs, read by #filePath-relative paths.
        .testTarget(name: "StrataClientTests", dependencies: [
            "Strata", "StrataGLES", "StrataAVFoundation", "StrataUIKit", "StrataExamples", "StrataProtocol", "StrataPNG", "StrataCore", "StrataText",
            "StrataTextWorker", "StrataTestSupport", "StrataTesting",
            .product(name: "Logging", package: "swift-log"),
        ], exclude: ["Golden", "KioskScreen/References"]),
    ],
    swiftLanguageModes: [.v6]
)
