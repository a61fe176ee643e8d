import Foundation

/// The example projects that come with Rebound (`Resources/Examples`): where `rebound run`
/// finds the one it runs by default, and where tests and benchmarks find theirs.
public enum BundledExamples {
    /// The examples' folder: `REBOUND_EXAMPLES` when set, else `Resources/Examples` in a
    /// folder above the running executable (a build inside the source tree), else in the
    /// source tree this file was compiled from.
    public static func folder() throws -> URL {
        if let folder = ProcessInfo.processInfo.environment["REBOUND_EXAMPLES"] {
            return URL(fileURLWithPath: folder)
        }
        let sourceTree = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for start in [executable, sourceTree] {
            var candidate = start
            while candidate.pathComponents.count > 1 {
                let examples = candidate.appendingPathComponent("Resources/Examples")
                if FileManager.default.fileExists(atPath: examples.path) { return examples }
                candidate.deleteLastPathComponent()
            }
        }
        throw ProjectError("cannot find Rebound's bundled examples; give a PROJECT folder or set REBOUND_EXAMPLES")
    }

    /// The example project `name` (`WordsCollection`, `Mosaic`).
    public static func url(_ name: String) throws -> URL {
        try folder().appendingPathComponent(name)
    }

    /// Copies example `name` to `destination` (which must not exist) without its run folder:
    /// `rebound run` with no project runs the example where it is, and the sockets its host
    /// holds there cannot be copied.
    public static func copy(_ name: String, to destination: URL) throws {
        try ProjectCopy.copyEntry(try url(name), to: destination)
    }
}
