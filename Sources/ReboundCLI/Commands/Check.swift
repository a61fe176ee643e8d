import ArgumentParser
import Foundation
import LiveHost

/// `rebound check`: every syntax error of a project at once, for CI and editors.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compile every module of a project and report every syntax error.",
        discussion: "Runs nothing. Exits with status 1 if any module does not compile."
    )

    @Argument(help: "The project folder.", completion: .directory)
    var project: String

    @Flag(help: "Print one JSON object per error instead of text.")
    var json = false

    func run() throws {
        let result: ProjectCheck.Result
        do {
            result = try ProjectCheck.run(folder: project)
        } catch let error as ProjectError {
            throw CommandFailure.usage(error.description)
        }
        let printer = EventPrinter(json: json)
        for problem in result.errors {
            printer.print(HostEvent(kind: .syntaxError, file: problem.file, problem: problem))
        }
        if !json {
            let count = result.errors.count
            print(
                "\(result.modules.count) module\(result.modules.count == 1 ? "" : "s") checked, "
                    + "\(count == 0 ? "no" : String(count)) syntax error\(count == 1 ? "" : "s")")
        }
        if !result.errors.isEmpty { throw ExitCode(1) }
    }
}
