import ArgumentParser
import Foundation
import LiveHost
import LuaRuntime

/// `rebound export`: a project as a source package that runs without the project.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Export a project as a source package (Name.luapkg) that runs standalone.",
        discussion: """
            Writes every module and resource with a manifest (ids, sizes, SHA-256). Refuses a \
            project with syntax errors and lists them all. The package appears complete or not \
            at all; an existing package is replaced only by a complete new one.
            """
    )

    @Argument(help: "The project folder.", completion: .directory)
    var project: String

    @Option(help: "The package id (default: rebound.json's \"packageId\").")
    var packageID: String?

    @Option(
        name: [.short, .customLong("output")], help: "Where to write the package (default: ./NAME.luapkg).",
        completion: .directory)
    var output: String?

    @Option(help: "The start module to record (default: the project's).")
    var start: String?

    @Option(help: "The device profile to record (default: the project's, else phone).")
    var device: String?

    @Option(help: "Megabytes a file may have.")
    var sizeLimit: Int = 64

    func validate() throws {
        if sizeLimit < 1 || sizeLimit > 1 << 20 { throw ValidationError("--size-limit must be 1 or more megabytes.") }
    }

    func run() throws {
        let project: Project
        do {
            project = try Project(at: self.project)
        } catch let error as any UserFacingError {
            throw CommandFailure.usage(error)
        }
        let destination = URL(fileURLWithPath: output ?? "\(project.name).luapkg").standardizedFileURL
        let result: PackageExport.Result
        do {
            result = try PackageExport.export(
                project, id: packageID, to: destination,
                overrides: .init(startModule: start, device: device),
                sizeLimit: sizeLimit << 20)
        } catch let error as any UserFacingError {
            throw CommandFailure.failed(error)
        }
        let manifest = result.manifest
        print(
            "exported \(manifest.name) as package '\(manifest.id)' to \(result.url.path): "
                + "\(count(manifest.modules.count, "module")), \(count(manifest.resources.count, "resource")), "
                + "start module \(manifest.start)")
        if !result.leftOut.isEmpty {
            print("left out (neither a module nor a resource): \(result.leftOut.joined(separator: ", "))")
        }
    }

    private func count(_ number: Int, _ noun: String) -> String {
        number == 0 ? "no \(noun)s" : number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
    }
}
