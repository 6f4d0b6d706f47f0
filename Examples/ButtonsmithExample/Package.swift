// swift-tools-version:6.0
import PackageDescription

// A Swift package that gets its button images from Buttonsmith: one plugin line, and the
// specs in Sources/ButtonsmithExample/specs/.
let package = Package(
  name: "ButtonsmithExample",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "Buttonsmith", path: "../..")],
  targets: [
    .executableTarget(
      name: "ButtonsmithExample",
      plugins: [.plugin(name: "ButtonsmithPlugin", package: "Buttonsmith")]
    )
  ],
  swiftLanguageModes: [.v6]
)
