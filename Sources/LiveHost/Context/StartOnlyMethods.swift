import Foundation

/// Methods that run once, when an object is made or the app starts: an edit to one changes
/// nothing on the screen until a restart, which the host says.
enum StartOnlyMethods {
    /// Initializers (`init`, `initWithStyle_reuseIdentifier`), the launch methods, and the
    /// methods a view or controller runs once when it is made.
    static func isStartOnly(_ method: String) -> Bool {
        method.hasPrefix("init")
            || [
                "application_willFinishLaunchingWithOptions", "application_didFinishLaunchingWithOptions",
                "awakeFromNib", "loadView", "viewDidLoad",
            ].contains(method)
    }

    /// The start-only methods (`Class:method`, as the source names them) whose text differs
    /// between two versions of a module's source, in the new version's order.
    static func edited(from old: String, to new: String) -> [String] {
        let before = Dictionary(methods(in: old), uniquingKeysWith: { first, _ in first })
        return methods(in: new).filter { name, body in
            guard let method = name.split(whereSeparator: { $0 == ":" || $0 == "." }).last else { return false }
            return isStartOnly(String(method)) && before[name] != body
        }.map(\.name)
    }

    /// The methods a module's source defines at its top level (`function Class:name(`), each
    /// with its text up to the next definition or the `end` at the start of a line.
    private static func methods(in source: String) -> [(name: String, body: String)] {
        var methods: [(name: String, body: String)] = []
        var current: (name: String, lines: [Substring])?
        func finish() {
            if let current { methods.append((current.name, current.lines.joined(separator: "\n"))) }
            current = nil
        }
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if let name = definedMethod(line) {
                finish()
                current = (name, [line])
            } else if current != nil {
                current?.lines.append(line)
                if line.hasPrefix("end") { finish() }
            }
        }
        finish()
        return methods
    }

    /// The method a line defines at the top level (`function Class:name(`, no indentation), as
    /// the source names it. Read by hand: a static `Regex` keeps allocations that leak checkers
    /// report.
    private static func definedMethod(_ line: Substring) -> String? {
        guard line.hasPrefix("function"), line.dropFirst(8).first?.isWhitespace == true else { return nil }
        let rest = line.dropFirst(8).drop(while: \.isWhitespace)
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == ":" }
        guard let first = name.first, first.isLetter || first == "_",
            let separator = name.lastIndex(where: { $0 == ":" || $0 == "." }),
            name.index(after: separator) < name.endIndex,
            rest.dropFirst(name.count).drop(while: \.isWhitespace).first == "("
        else { return nil }
        return String(name)
    }
}
