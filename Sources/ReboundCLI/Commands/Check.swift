import ArgumentParser
import Foundation
import HeadlessUI
import LiveHost
import LuaRuntime

/// `rebound check`: every syntax error of a project at once, for CI and editors.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compile every module of a project and report every syntax error.",
        discussion: """
            Runs nothing. Also reports each field a module assigns whose name nearly matches a UIKit \
            property's (label.textColour = …: did you mean textColor?), as the running host warns. With --lint, also runs luacheck over the modules and the spec files, with the \
            project's .luacheckrc, or Rebound's globals (and busted's in specs) when it has none. Exits \
            with status 1 if any module does not compile, a property looks misspelled, or luacheck finds \
            anything.

            Each storyboard and xib is made as far as it goes, with no module run (a custom class \
            stands as its UIKit class): check prints how many of its elements and attributes Rebound \
            read, left out on purpose and did not know, and names the unknown ones (every one with \
            --documents), so that what will not carry over from an app shows at once.
            """
    )

    @Argument(help: "The project folder.", completion: .directory)
    var project: String

    @Flag(help: "Print one JSON object per error instead of text.")
    var json = false

    @Flag(help: "Also run luacheck (undefined globals, unused variables, shadowing) over the modules and specs.")
    var lint = false

    @Flag(help: "List every element and attribute each Interface Builder document uses, not only the unknown ones.")
    var documents = false

    func run() throws {
        let result: ProjectCheck.Result
        var findings: [HostEvent.Problem] = []
        let misspellings: [HostEvent.Problem]
        let usages: [InterfaceBuilderUsage]
        do {
            let checked = try Project(at: project)
            result = try ProjectCheck.run(checked)
            misspellings = try ProjectSpelling.run(checked)
            usages = try ProjectDocuments.usage(checked)
            if lint {
                switch try ProjectLint.run(checked) {
                case .findings(let found): findings = found
                case .unavailable(let advice): throw CommandFailure.usage(advice)
                }
            }
        } catch let error as any UserFacingError {
            throw CommandFailure.usage(error)
        }
        let printer = EventPrinter(json: json)
        printer.begin()
        for problem in result.errors + misspellings + findings { printer.print(.problem(problem)) }
        let report = DocumentUsageReport(json: json, everything: documents)
        for usage in usages { report.print(usage) }
        if !json {
            let count = result.errors.count
            var summary =
                "\(result.modules.count) module\(result.modules.count == 1 ? "" : "s") checked, "
                + "\(count == 0 ? "no" : String(count)) syntax error\(count == 1 ? "" : "s")"
            if !misspellings.isEmpty {
                summary +=
                    ", \(misspellings.count) misspelled propert\(misspellings.count == 1 ? "y" : "ies")"
            }
            if lint {
                summary +=
                    ", \(findings.isEmpty ? "no" : String(findings.count)) lint finding\(findings.count == 1 ? "" : "s")"
            }
            print(summary)
        }
        if !result.errors.isEmpty || !misspellings.isEmpty || !findings.isEmpty { throw ExitCode(1) }
    }
}
