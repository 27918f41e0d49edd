// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kiosk",
    dependencies: [
        // Strata's checkout, two folders up (or: .package(url: "https://…/strata.git", branch: "main")).
        .package(name: "Strata", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "Kiosk", dependencies: [.product(name: "Strata", package: "Strata")]),
    ]
)
