import Foundation
import LiveHost

/// The forms `rebound test` reports results in: busted's terminal output (UTF-8 symbols or
/// plain characters), TAP, JUnit XML and JSON.
public enum SpecReport {
    public enum Format: String, CaseIterable, Sendable {
        case utf, plain, tap, json, junit
    }

    /// A test's mark in the terminal's progress line, as busted draws it.
    public static func mark(_ status: SpecResult.Status, utf: Bool) -> String {
        switch status {
        case .passed: utf ? "●" : "+"
        case .failed: utf ? "◼" : "-"
        case .errored: utf ? "✱" : "*"
        case .pending: utf ? "◌" : "."
        }
    }

    /// What follows the progress marks: each failure and error with where it happened, then
    /// busted's summary, then the line a script can read: `N passed, N failed` (errors count as
    /// failures), `, N skipped` when tests were pending.
    public static func summary(_ results: [SpecResult], seconds: Double) -> String {
        var lines: [String] = []
        for (title, status) in [("Failure", SpecResult.Status.failed), ("Error", .errored)] {
            for result in results where result.status == status {
                let place = result.location.map { "\($0)" + (result.line.map { ":\($0)" } ?? "") } ?? result.file
                lines += ["", "\(title) → \(place) @ \(result.file)", result.name]
                if let message = result.message { lines.append(message) }
                if let traceback = result.traceback { lines.append(traceback) }
            }
        }
        let count = { (status: SpecResult.Status) in results.filter { $0.status == status }.count }
        let (passed, failed, errored, pending) = (count(.passed), count(.failed), count(.errored), count(.pending))
        lines.append("")
        lines.append(
            "\(passed) success\(passed == 1 ? "" : "es") / \(failed) failure\(failed == 1 ? "" : "s") / "
                + "\(errored) error\(errored == 1 ? "" : "s") / \(pending) pending : \(String(format: "%.3f", seconds)) seconds"
        )
        lines.append(totals(results))
        return lines.joined(separator: "\n")
    }

    /// The last line of a run's summary: "2 passed, 1 failed" (errors count as failures), and
    /// the tests skipped, if any.
    public static func totals(_ results: [SpecResult]) -> String {
        let count = { (statuses: [SpecResult.Status]) in results.filter { statuses.contains($0.status) }.count }
        let (passed, failed, pending) = (count([.passed]), count([.failed, .errored]), count([.pending]))
        return "\(passed) passed, \(failed) failed" + (pending > 0 ? ", \(pending) skipped" : "")
    }

    /// The Test Anything Protocol, version 13.
    public static func tap(_ results: [SpecResult]) -> String {
        var lines = ["TAP version 13", "1..\(results.count)"]
        for (index, result) in results.enumerated() {
            // One line: a name that broke the line could pass for a test line of its own.
            let name = LuaLiteral.comment("\(result.file): \(result.name)").replacingOccurrences(of: "#", with: "\\#")
            switch result.status {
            case .passed: lines.append("ok \(index + 1) - \(name)")
            case .pending: lines.append("ok \(index + 1) - \(name) # SKIP pending")
            case .failed, .errored:
                lines.append("not ok \(index + 1) - \(name)")
                lines.append("  ---")
                lines.append("  severity: \(result.status == .failed ? "fail" : "error")")
                if let location = result.location {
                    lines.append("  at: \(location)" + (result.line.map { ":\($0)" } ?? ""))
                }
                if let message = result.message {
                    lines.append("  message: |")
                    lines += message.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)" }
                }
                lines.append("  ...")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// JUnit XML: one test suite per spec file.
    public static func junit(_ results: [SpecResult], seconds: Double) -> String {
        let files = results.reduce(into: [String]()) { if !$0.contains($1.file) { $0.append($1.file) } }
        let count = { (status: SpecResult.Status, among: [SpecResult]) in among.filter { $0.status == status }.count }
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="rebound test" tests="\#(results.count)" failures="\#(count(.failed, results))" "#
                + #"errors="\#(count(.errored, results))" skipped="\#(count(.pending, results))" time="\#(time(seconds))">"#,
        ]
        for file in files {
            let suite = results.filter { $0.file == file }
            let total = suite.reduce(0) { $0 + $1.seconds }
            lines.append(
                #"  <testsuite name="\#(xml(file))" tests="\#(suite.count)" failures="\#(count(.failed, suite))" "#
                    + #"errors="\#(count(.errored, suite))" skipped="\#(count(.pending, suite))" time="\#(time(total))">"#
            )
            for result in suite {
                let open =
                    #"    <testcase classname="\#(xml(file))" name="\#(xml(result.name))" time="\#(time(result.seconds))""#
                switch result.status {
                case .passed: lines.append(open + "/>")
                case .pending: lines += [open + ">", "      <skipped/>", "    </testcase>"]
                case .failed, .errored:
                    let element = result.status == .failed ? "failure" : "error"
                    let place = result.location.map { $0 + (result.line.map { ":\($0)" } ?? "") } ?? file
                    lines += [
                        open + ">",
                        #"      <\#(element) message="\#(xml(result.message?.split(separator: "\n").first.map(String.init) ?? element))">"#
                            + xml("\(place)\n\(result.message ?? "")" + (result.traceback.map { "\n\($0)" } ?? ""))
                            + "</\(element)>",
                    ]
                    // The JUnit attachments plugin's convention, which CI servers read.
                    if !result.attachments.isEmpty {
                        lines.append(
                            "      <system-out>"
                                + result.attachments.map { xml("[[ATTACHMENT|\($0)]]") }.joined(separator: "\n")
                                + "</system-out>")
                    }
                    lines.append("    </testcase>")
                }
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One JSON object: every result, and the counts.
    public static func json(_ results: [SpecResult], seconds: Double) -> String {
        let objects: [[String: Any]] = results.map { result in
            var object: [String: Any] = [
                "file": result.file, "name": result.name, "status": result.status.rawValue,
                "seconds": result.seconds,
            ]
            if let message = result.message { object["message"] = message }
            if let location = result.location { object["location"] = location }
            if let line = result.line { object["line"] = line }
            if let traceback = result.traceback { object["traceback"] = traceback }
            if !result.attachments.isEmpty { object["attachments"] = result.attachments }
            return object
        }
        let count = { (status: SpecResult.Status) in results.filter { $0.status == status }.count }
        let document: [String: Any] = [
            "results": objects, "passed": count(.passed), "failed": count(.failed),
            "errors": count(.errored), "pending": count(.pending), "seconds": seconds,
        ]
        let data =
            (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private static func time(_ seconds: Double) -> String { String(format: "%.4f", seconds) }

    private static func xml(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            // What XML 1.0 cannot hold at all.
            case _
            where (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || scalar.value == 0xFFFE
                || scalar.value == 0xFFFF:
                escaped += "?"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
