// swift-tools-version:6.1
import PackageDescription

let package = Package(
  name: "Buttonsmith",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "buttonsmith", targets: ["buttonsmith"]),
    .library(name: "ButtonCore", targets: ["ButtonCore"]),
    .library(name: "ButtonSpec", targets: ["ButtonSpec"]),
    .library(name: "ButtonRender", targets: ["ButtonRender"]),
    .library(name: "ButtonsmithKit", targets: ["ButtonsmithKit"]),
    .plugin(name: "ButtonsmithPlugin", targets: ["ButtonsmithPlugin"]),
  ],
  dependencies: [
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
  ],
  targets: [
    .executableTarget(name: "buttonsmith", dependencies: ["ButtonsmithCLI"]),
    .plugin(name: "ButtonsmithPlugin", capability: .buildTool(), dependencies: ["buttonsmith"]),
    .executableTarget(
      name: "buttonsmith-bench",
      dependencies: ["ButtonsmithKit", "ButtonRender", "ButtonSpec", "ButtonsmithWorkload", "CCairo", "CSystemShim"]
    ),
    .target(name: "ButtonsmithWorkload"),
    .target(
      name: "ButtonsmithCLI",
      dependencies: [
        "ButtonSpec", "ButtonRender", "ButtonsmithKit", "CSystemShim",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .target(name: "ButtonCore", dependencies: [.product(name: "Crypto", package: "swift-crypto")]),
    .target(name: "ButtonSpec", dependencies: ["ButtonCore", .product(name: "Yams", package: "Yams")]),
    .target(
      name: "ButtonsmithKit",
      dependencies: [
        "ButtonCore", "ButtonSpec", "ButtonRender", "CCurl", "CSystemShim",
        .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
    .target(
      name: "ButtonRender", dependencies: ["ButtonCore", "CCairo", "CPangoCairo", "CPNGShim", "CVectorLibraries"]),
    .systemLibrary(
      name: "CCairo",
      pkgConfig: "cairo",
      providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]
    ),
    .systemLibrary(
      name: "CPangoCairo",
      pkgConfig: "pangocairo",
      providers: [.apt(["libpango1.0-dev"]), .brew(["pango"])]
    ),
    .systemLibrary(
      name: "CPNG",
      pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
    ),
    .systemLibrary(
      name: "CDeflate",
      pkgConfig: "libdeflate",
      providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]
    ),
    .target(name: "CPNGShim", dependencies: ["CPNG", "CDeflate"]),
    .target(name: "CSystemShim", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    // librsvg, poppler-glib and libcurl are opened when first needed (dlopen), not linked: most
    // runs need none of them, and loading them took 20 ms of every run's start.
    .target(name: "CVectorLibraries", dependencies: ["CCairo", "CPangoCairo", "CSystemShim"]),
    .target(name: "CCurl", dependencies: ["CSystemShim"]),
    .target(name: "ButtonsmithTestSupport", path: "Tests/TestSupport"),
    .target(name: "DiagnosticExamples", dependencies: ["ButtonSpec"], path: "Tests/DiagnosticExamples"),
    .testTarget(
      name: "ButtonSpecTests",
      dependencies: ["ButtonCore", "ButtonSpec", "ButtonsmithTestSupport", "DiagnosticExamples"]),
    .testTarget(
      name: "ButtonRenderTests",
      dependencies: ["ButtonRender", "ButtonSpec", "ButtonsmithKit", "ButtonsmithTestSupport", "DiagnosticExamples"],
      exclude: ["Goldens"]
    ),
    .testTarget(
      name: "ButtonsmithKitTests",
      dependencies: ["ButtonCore", "ButtonsmithKit", "ButtonsmithTestSupport", "DiagnosticExamples"]
    ),
    .testTarget(
      name: "ButtonsmithCLITests",
      dependencies: [
        "buttonsmith", "ButtonCore", "ButtonSpec", "ButtonRender", "ButtonsmithTestSupport", "ButtonsmithWorkload",
        "DiagnosticExamples",
      ],
      exclude: ["Fixtures"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
