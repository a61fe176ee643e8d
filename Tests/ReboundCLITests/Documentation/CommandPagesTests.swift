import Foundation
import Testing

/// `docs/cli` has a page per command, made from the command's own `--help` (swift-argument-
/// parser's), so that the pages say what the commands do. The pages are generated:
/// `REBOUND_UPDATE_DOCS=1 swift test --filter CommandPagesTests` writes them, and without it
/// the test fails on any page that differs from what the commands print.
@Suite struct CommandPagesTests {
    /// What `--experimental-dump-help` says of a command: its name, abstract and subcommands.
    struct Command: Decodable {
        let commandName: String
        let abstract: String?
        let subcommands: [Command]?
    }

    struct ToolInfo: Decodable { let command: Command }

    static let folder = GuideTests.repository.appendingPathComponent("docs/cli")

    /// Every command below `rebound`, as its path of names (`["package", "verify"]`).
    static func commands() throws -> [(path: [String], abstract: String)] {
        let dump = try ReboundProcess.run("--experimental-dump-help")
        let root = try JSONDecoder().decode(ToolInfo.self, from: Data(dump.output.utf8)).command
        func walk(_ command: Command, _ path: [String]) -> [(path: [String], abstract: String)] {
            (command.subcommands ?? []).filter { $0.commandName != "help" }.flatMap { child in
                [(path + [child.commandName], child.abstract ?? "")] + walk(child, path + [child.commandName])
            }
        }
        return walk(root, [])
    }

    static func pageName(_ path: [String]) -> String { (["rebound"] + path).joined(separator: "-") + ".md" }

    static func page(_ path: [String], help: String) -> String {
        let name = (["rebound"] + path).joined(separator: " ")
        return """
            # `\(name)`

            <!-- Generated from `\(name) --help`: REBOUND_UPDATE_DOCS=1 swift test --filter CommandPagesTests -->

            ```text
            \(help.trimmingCharacters(in: .newlines))
            ```

            """
    }

    static func index(_ commands: [(path: [String], abstract: String)]) -> String {
        let rows = commands.map { command in
            "| [`rebound \(command.path.joined(separator: " "))`](\(pageName(command.path))) | \(command.abstract) |"
        }
        return """
            # The commands

            <!-- Generated from `rebound --experimental-dump-help`: REBOUND_UPDATE_DOCS=1 swift test --filter CommandPagesTests -->

            Each page is the command's `--help`. What `--json` prints is in [`--json` events](json-events.md).

            | command | what it does |
            |---|---|
            \(rows.joined(separator: "\n"))

            """
    }

    @Test func thePagesAreWhatTheCommandsPrint() throws {
        let commands = try Self.commands()
        #expect(commands.contains { $0.path == ["run"] } && commands.contains { $0.path == ["package", "verify"] })
        var expected = ["README.md": Self.index(commands)]
        for command in commands {
            let help = try ReboundProcess(command.path + ["--help"]).finish()
            #expect(help.status == 0, "\(command.path): \(help.error)")
            expected[Self.pageName(command.path)] = Self.page(command.path, help: help.output)
        }
        let update = ProcessInfo.processInfo.environment["REBOUND_UPDATE_DOCS"] == "1"
        let existing = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasPrefix("rebound-") || $0 == "README.md" }
        for stale in existing where expected[stale] == nil {
            if update { try FileManager.default.removeItem(at: Self.folder.appendingPathComponent(stale)) }
            #expect(update, "docs/cli/\(stale) is for a command that no longer exists")
        }
        for (name, text) in expected.sorted(by: { $0.key < $1.key }) {
            let url = Self.folder.appendingPathComponent(name)
            if update {
                try Data(text.utf8).write(to: url)
            } else {
                let committed = try? String(contentsOf: url, encoding: .utf8)
                #expect(
                    committed == text,
                    "docs/cli/\(name) is not what the command prints: REBOUND_UPDATE_DOCS=1 swift test --filter CommandPagesTests"
                )
            }
        }
    }
}
