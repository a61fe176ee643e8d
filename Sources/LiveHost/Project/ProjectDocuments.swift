import Foundation
import HeadlessUI

/// `rebound check`'s look at a project's Interface Builder documents: each is made in a
/// headless world that runs none of the project's modules (a custom class stands as its UIKit
/// class), and what decoding read of it, left out on purpose, or did not know is counted.
public enum ProjectDocuments {
    /// The usage of each storyboard and xib of `project`, by path.
    public static func usage(_ project: Project) throws -> [InterfaceBuilderUsage] {
        let documents = project.files().filter { $0.hasSuffix(".storyboard") || $0.hasSuffix(".xib") }
        guard !documents.isEmpty else { return [] }
        let world = try UIWorld(profile: .phone, diagnostics: { _ in })
        world.useProgramFiles(
            ProgramFiles(root: project.sourceRoot, identifier: nil) { path in
                guard !path.hasSuffix(".lua") else { return nil }  // no module runs
                let url = project.url(of: path)
                return FileManager.default.fileExists(atPath: url.path) ? url : nil
            })
        return documents.map { world.documentUsage(of: $0) }
    }
}
