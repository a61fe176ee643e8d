import Foundation
import Testing

/// The guide as a reader uses it: each page opens with an example, and every example runs
/// as written (its files in a fresh folder, its `rebound` commands run there in order), so a
/// change that breaks one breaks the build instead of the reader's first hour.
@Suite struct GuideTests {
    static let repository: URL = {
        var root = URL(fileURLWithPath: #filePath)
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root.deleteLastPathComponent()
        }
        return root
    }()

    static let pages: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("docs/guide").path))
        ?? []).filter { $0.hasSuffix(".md") }.sorted()

    static func text(of page: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent("docs/guide/\(page)"), encoding: .utf8)
    }

    @Test func theGuideHasItsPages() {
        #expect(Self.pages.count >= 17, "\(Self.pages)")
    }

    @Test(arguments: pages) func thePageOpensWithAnExampleThatRuns(page: String) throws {
        let (examples, firstHeading, firstExample) = GuideExample.examples(in: try Self.text(of: page))
        let opening = try #require(firstExample, "\(page) has no example")
        #expect(opening < firstHeading, "\(page): the example comes before the first section")
        for example in examples {
            #expect(!example.commands.isEmpty, "\(page): an example with no command to run")
            let folder = try TemporaryProject(example.files)
            for command in example.commands {
                let run = try ReboundProcess(command.arguments, directory: folder.folder)
                    .finish(deadline: .seconds(180))
                #expect(
                    run.status == command.status,
                    "\(page): `\(command.line)` exited \(run.status)\n\(run.output)\n\(run.error)")
                if let error = command.error { #expect(run.error.contains(error), "\(page): \(run.error)") }
            }
        }
    }

    /// Code a reader would run is an example that runs, or says why it is not run.
    @Test(arguments: pages) func everyLuaAndShellBlockRunsOrSaysWhyNot(page: String) throws {
        #expect(GuideExample.unexplainedBlocks(in: try Self.text(of: page)) == [], "\(page): lines not run")
    }

    /// Every page is one click from the README's table, and no page is too long to read.
    @Test func theReadmeLinksEveryPageAndNoPageRunsLong() throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        for page in Self.pages {
            #expect(readme.contains("(docs/guide/\(page))"), "the README's table lacks \(page)")
            #expect(try Self.text(of: page).split(separator: "\n", omittingEmptySubsequences: false).count <= 420)
        }
        #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count <= 150)
    }

    @Test func shellWordsKeepQuotedTextWhole() {
        #expect(
            GuideExample.words("rebound eval -e 'return 1 + 1' --device \"large phone\"")
                == ["rebound", "eval", "-e", "return 1 + 1", "--device", "large phone"])
    }
}
