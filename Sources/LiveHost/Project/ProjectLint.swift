import Foundation

/// `rebound check --lint`: luacheck (Debian's `lua-check`) over a project's modules and spec
/// files, with the project's `.luacheckrc`, or Rebound's settings when it has none
/// (`ProjectTemplate.luacheckSettings`: its globals, and busted's in specs). Findings come back
/// as problems with their file, line and column, as syntax errors do.
public enum ProjectLint {
    public enum Outcome: Sendable {
        /// What luacheck found (nothing when the project is clean).
        case findings([HostEvent.Problem])
        /// luacheck is not installed, and how to install it.
        case unavailable(String)
    }

    /// How to install luacheck, said when it is missing.
    public static let installAdvice =
        "luacheck is not installed: install Debian's lua-check (sudo apt-get install lua-check), or luarocks install luacheck"

    public static func run(_ project: Project) throws -> Outcome {
        guard let luacheck = executable("luacheck") else { return .unavailable(installAdvice) }
        let files =
            (project.files().filter { Project.moduleName(forPath: $0) != nil }.map(project.displayPath)
            + specFiles(of: project)).sorted()
        guard !files.isEmpty else { return .findings([]) }
        var arguments = ["--formatter", "plain", "--codes", "--no-color", "--no-cache"]
        var settings: URL?
        if !FileManager.default.fileExists(atPath: project.root.appendingPathComponent(".luacheckrc").path) {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "rebound-luacheckrc-\(UUID().uuidString)")
            try Data(ProjectTemplate.luacheckSettings.utf8).write(to: file)
            settings = file
            arguments += ["--config", file.path]
        }
        defer { settings.map { try? FileManager.default.removeItem(at: $0) } }
        let output = try runProcess(luacheck, arguments: arguments + ["--"] + files, in: project.root)
        return .findings(output.split(separator: "\n").compactMap { finding(String($0), in: project) })
    }

    /// A line of luacheck's plain format, `file:line:column: (W113) message`, as a problem.
    static func finding(_ line: String, in project: Project) -> HostEvent.Problem? {
        let parts = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, let number = Int(parts[1]), let column = Int(parts[2]) else { return nil }
        let file = String(parts[0])
        var text = parts[3].trimmingCharacters(in: .whitespaces)
        var code = ""
        if text.hasPrefix("("), let close = text.firstIndex(of: ")") {
            code = " " + text[...close]
            text = text[text.index(after: close)...].trimmingCharacters(in: .whitespaces)
        }
        var problem = HostEvent.Problem(
            .lint, message: "\(file):\(number):\(column): \(text)\(code)", file: file, line: number)
        problem.column = column
        problem.sourceLine = FileManager.default.contents(atPath: project.root.appendingPathComponent(file).path)
            .flatMap { SourceLines.line(number, of: $0) }
        return problem
    }

    private static func specFiles(of project: Project) -> [String] {
        let folder = project.root.appendingPathComponent(Project.specFolder)
        let found = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return found.filter { $0.hasSuffix("_spec.lua") }.map { Project.specFolder + "/" + $0 }
    }

    /// The program `name` on the `PATH`, if there is one.
    private static func executable(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs the program in `folder` and gives back what it wrote to its standard output.
    private static func runProcess(_ program: URL, arguments: [String], in folder: URL) throws -> String {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
