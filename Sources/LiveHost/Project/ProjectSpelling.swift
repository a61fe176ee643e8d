import Foundation
import HeadlessUI
import ObjectBridge

/// `rebound check`'s look for misspelled properties: every field a module assigns by name
/// (`label.textColour = …`) that is no property of any native class but nearly one's name, as
/// the running host warns of them (`Suggestion.misspelled`).
public enum ProjectSpelling {
    /// The findings for `project`'s modules, by file and line.
    public static func run(_ project: Project) throws -> [HostEvent.Problem] {
        let properties = try nativePropertyNames()
        var findings: [HostEvent.Problem] = []
        for path in project.files() where Project.moduleName(forPath: path) != nil {
            guard let data = FileManager.default.contents(atPath: project.url(of: path).path) else { continue }
            let file = project.displayPath(path)
            var reported: Set<String> = []
            for assignment in FieldAssignments.scan(String(decoding: data, as: UTF8.self))
            where !properties.contains(assignment.name) {
                guard let meant = Suggestion.misspelled(assignment.name, among: properties),
                    reported.insert(assignment.name).inserted
                else { continue }
                var problem = HostEvent.Problem(
                    .misspelledProperty,
                    message:
                        "\(file):\(assignment.line): '\(assignment.name)' is no property of a UIKit class "
                        + "(did you mean '\(meant)'?)",
                    file: file, line: assignment.line)
                problem.sourceLine = SourceLines.line(assignment.line, of: data)
                findings.append(problem)
            }
        }
        return findings
    }

    /// The properties of every native class, as a headless world registers them.
    private static func nativePropertyNames() throws -> Set<String> {
        let world = try UIWorld(profile: .phone)
        return Set(world.bridge.classes.values.filter { $0.native != nil }.flatMap(\.propertyNames))
    }
}
