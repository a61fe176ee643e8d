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
            if let match = line.prefixMatch(of: header) {
                finish()
                current = (String(match.1), [line])
            } else if current != nil {
                current?.lines.append(line)
                if line.hasPrefix("end") { finish() }
            }
        }
        finish()
        return methods
    }

    nonisolated(unsafe) private static let header = #/function\s+([A-Za-z_][\w.]*[:.][A-Za-z_]\w*)\s*\(/#
}
