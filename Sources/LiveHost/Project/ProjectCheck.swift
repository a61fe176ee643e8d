import Foundation
import LuaRuntime

/// `rebound check`: compiles every module of a project folder without running any, and
/// gives every syntax error at once.
public enum ProjectCheck {
    public struct Result: Sendable {
        /// Module paths relative to the project folder, sorted.
        public let modules: [String]
        public let errors: [HostEvent.Problem]
    }

    public static func run(folder: String) throws -> Result {
        try run(Project(at: folder))
    }

    public static func run(_ project: Project) throws -> Result {
        let lua = try LuaState()
        defer { lua.close() }
        var modules: [String] = []
        var errors: [HostEvent.Problem] = []
        for path in project.files() where Project.moduleName(forPath: path) != nil {
            let display = project.displayPath(path)
            modules.append(display)
            do {
                _ = try lua.load(contentsOfFile: project.url(of: path).path, displayPath: display)
            } catch {
                errors.append(
                    HostEvent.Problem(.syntaxError, error) { file, line in
                        FileManager.default.contents(atPath: project.root.appendingPathComponent(file).path).flatMap {
                            SourceLines.line(line, of: $0)
                        }
                    })
            }
        }
        return Result(modules: modules, errors: errors)
    }
}
