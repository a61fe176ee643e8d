import ArgumentParser
import Foundation
import LiveHost
import LuaRuntime

/// `rebound package`: looks into exported packages.
struct PackageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "package",
        abstract: "Verify or list an exported source package.",
        subcommands: [Verify.self, List.self]
    )

    /// `rebound package verify`: every check `rebound run --package` makes before running.
    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a package's manifest, every file's size and SHA-256, and every module's syntax.",
            discussion: "Exits with status 1 and lists every problem when the package would not run."
        )

        @Argument(help: "The package folder (Name.luapkg).", completion: .directory)
        var package: String

        @Option(help: "The id the package must have.")
        var packageID: String?

        func run() throws {
            let verified: SourcePackage
            do {
                verified = try SourcePackage(at: package, expectedID: packageID)
            } catch let error as any UserFacingError {
                throw CommandFailure.failed(error)
            }
            let manifest = verified.manifest
            print(
                "\(verified.url.lastPathComponent): package '\(manifest.id)' (\(manifest.name)) is intact: "
                    + "its \(manifest.entries.count) files match the manifest")
        }
    }

    /// `rebound package list`: what a package's manifest says.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a package's manifest: its id, start module, device and files.",
            discussion: "Reads the manifest only; `rebound package verify` checks the files."
        )

        @Argument(help: "The package folder (Name.luapkg).", completion: .directory)
        var package: String

        @Flag(help: "Print the manifest as JSON.")
        var json = false

        func run() throws {
            let manifest: PackageManifest
            do {
                manifest = try SourcePackage.manifest(at: package)
            } catch let error as any UserFacingError {
                throw CommandFailure.failed(error)
            }
            if json {
                FileHandle.standardOutput.write(try manifest.encoded())
                return
            }
            print("package \(manifest.id) (\(manifest.name)), format \(manifest.format)")
            print("start module \(manifest.start), device \(manifest.device)")
            let rows = manifest.modules.map { ("module", $0) } + manifest.resources.map { ("resource", $0) }
            let width = rows.map { String($0.1.size).count }.max() ?? 0
            for (kind, entry) in rows {
                let size = String(repeating: " ", count: width - String(entry.size).count) + String(entry.size)
                print(
                    "\(kind.padding(toLength: 8, withPad: " ", startingAt: 0))  \(size)  \(entry.sha256.prefix(12))  \(entry.path)"
                )
            }
        }
    }
}
