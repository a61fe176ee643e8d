import Foundation
import LuaRuntime

/// `rebound check`: compiles every module of a project folder without running any, and
/// gives every syntax error at once.
public enum ProjectCheck {
    public struct Result: Sendable {
        /// Module paths relative to the project folder, sorted.
        public let modules: [String]
        public let errors: [HostReport.Problem]
    }

    public static func run(folder: String) throws -> Result {
        let root = URL(fileURLWithPath: folder).standardizedFileURL
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw ProjectError("\(folder) is not a project folder")
        }
        let sourceRoot = Project.sourceRoot(of: root)
        let lua = try LuaState()
        defer { lua.close() }
        var modules: [String] = []
        var errors: [HostReport.Problem] = []
        for path in ProjectFiles.scan(sourceRoot) where Project.moduleName(forPath: path) != nil {
            let display = Project.displayPath(path, root: root, sourceRoot: sourceRoot)
            modules.append(display)
            do {
                _ = try lua.load(contentsOfFile: sourceRoot.appendingPathComponent(path).path, displayPath: display)
            } catch {
                errors.append(HostReport.Problem(error) { file, line in SourceLines.line(line, of: root.appendingPathComponent(file)) })
            }
        }
        return Result(modules: modules, errors: errors)
    }
}

/// The text of a line of a file, for error reports.
enum SourceLines {
    static func line(_ number: Int, of url: URL) -> String? {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return number >= 1 && number <= lines.count ? String(lines[number - 1]) : nil
    }
}
