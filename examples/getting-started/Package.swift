// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kiosk",
    dependencies: [
        // Strata's checkout, two folders up (from a package elsewhere: the path to your checkout).
        .package(name: "Strata", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "Kiosk", dependencies: [.product(name: "Strata", package: "Strata")]),
    ]
)
