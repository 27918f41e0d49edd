// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kiosk",
    dependencies: [
        // Strata's checkout, two folders up (from a package elsewhere: the path to your checkout).
        .package(name: "Strata", path: "../.."),
    ],
    targets: [
        // The screen, in a library of its own so that the tests can build it too.
        .target(name: "KioskScreen", dependencies: [.product(name: "Strata", package: "Strata")]),
        .executableTarget(name: "Kiosk", dependencies: ["KioskScreen", .product(name: "Strata", package: "Strata")]),
        .testTarget(name: "KioskTests", dependencies: [
            "KioskScreen",
            .product(name: "Strata", package: "Strata"),
            .product(name: "StrataTesting", package: "Strata"),
        ], exclude: ["References"]),
    ]
)
