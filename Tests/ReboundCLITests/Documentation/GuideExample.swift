import Foundation

/// One example of a guide page, as the page writes it between `<!-- example -->` and
/// `<!-- end example -->`: files (each a fenced block after `<!-- file: PATH -->`) and the
/// `rebound` commands of its `sh` blocks, run in order in the folder that holds the files.
struct GuideExample {
    /// A command line of the example, and what it must end with: status 0, or the status and
    /// the error text a trailing `# exits N: TEXT` comment gives.
    struct Command {
        let line: String
        let arguments: [String]
        let status: Int32
        let error: String?
    }

    var files: [String: String] = [:]
    var commands: [Command] = []

    /// Every example of `page`, and the line of the page's first `## ` heading (0 when none).
    static func examples(in page: String) -> (examples: [GuideExample], firstHeading: Int, firstExample: Int?) {
        let lines = page.components(separatedBy: "\n")
        var examples: [GuideExample] = []
        var current: GuideExample?
        var pendingFile: String?
        var fence: (language: String, body: [String])?
        var firstExample: Int?
        let firstHeading = (lines.firstIndex { $0.hasPrefix("## ") } ?? lines.count) + 1
        for (index, line) in lines.enumerated() {
            if var open = fence {
                if line.hasPrefix("```") {
                    if let file = pendingFile {
                        current?.files[file] = open.body.joined(separator: "\n") + "\n"
                        pendingFile = nil
                    } else if open.language == "sh" {
                        current?.commands += open.body.compactMap(command)
                    }
                    fence = nil
                } else {
                    open.body.append(line)
                    fence = open
                }
            } else if line.hasPrefix("```") {
                fence = (String(line.dropFirst(3)), [])
            } else if line == "<!-- example -->" {
                current = GuideExample()
                firstExample = firstExample ?? index + 1
            } else if line == "<!-- end example -->", let example = current {
                examples.append(example)
                current = nil
            } else if line.hasPrefix("<!-- file: "), line.hasSuffix(" -->"), current != nil {
                pendingFile = String(line.dropFirst("<!-- file: ".count).dropLast(" -->".count))
            }
        }
        return (examples, firstHeading, firstExample)
    }

    /// The lines of `page` that open a `lua` or `sh` block outside every example with no
    /// `<!-- not run: why -->` line before it: code a reader would run that nothing runs.
    static func unexplainedBlocks(in page: String) -> [Int] {
        var found: [Int] = []
        var inExample = false
        var inBlock = false
        var previous = ""
        for (index, line) in page.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                if !inBlock, !inExample, ["```lua", "```sh"].contains(trimmed), !previous.hasPrefix("<!-- not run: ") {
                    found.append(index + 1)
                }
                inBlock.toggle()
            } else if !inBlock, trimmed == "<!-- example -->" {
                inExample = true
            } else if !inBlock, trimmed == "<!-- end example -->" {
                inExample = false
            }
            if !trimmed.isEmpty { previous = trimmed }
        }
        return found
    }

    /// A `rebound` line of an `sh` block; other lines are not commands.
    private static func command(_ line: String) -> Command? {
        guard line.hasPrefix("rebound ") else { return nil }
        let (shell, comment) =
            line.range(of: "#").map { (String(line[..<$0.lowerBound]), String(line[$0.upperBound...])) }
            ?? (line, "")
        var status: Int32 = 0
        var error: String?
        let expectation = comment.trimmingCharacters(in: .whitespaces)
        if expectation.hasPrefix("exits "), let colon = expectation.firstIndex(of: ":"),
            let code = Int32(expectation.dropFirst("exits ".count).prefix { $0.isNumber })
        {
            status = code
            error = expectation[expectation.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Command(line: line, arguments: Array(words(shell).dropFirst()), status: status, error: error)
    }

    /// The words of a shell line: split at spaces, with single and double quotes kept whole.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quote: Character?
        var inWord = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(word) }
                (word, inWord) = ("", false)
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
