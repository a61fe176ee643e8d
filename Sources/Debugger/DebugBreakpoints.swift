import Foundation

/// The breakpoints a client set: by file (line, condition, hit condition, log message) and by
/// function name, with the hit counts that hit conditions compare.
struct DebugBreakpoints {
    struct Line {
        let id: Int
        var line: Int
        var condition: String?
        var hitCondition: String?
        var logMessage: String?
        var hits = 0
    }

    struct Function {
        let id: Int
        let name: String
        var condition: String?
        /// Where it resolved: display path and the line its definition starts on.
        var places: [(file: String, line: Int)] = []
        var hits = 0
    }

    /// By display path (`Source/main.lua`).
    private(set) var lines: [String: [Line]] = [:]
    private(set) var functions: [Function] = []
    private var nextID = 1

    /// Replaces the breakpoints of `file` with ones made from DAP `SourceBreakpoint`s.
    mutating func setLines(of file: String, from requested: [DAPArguments.SourceBreakpoint]) -> [Line] {
        let made = requested.map { spec in
            defer { nextID += 1 }
            return Line(
                id: nextID, line: spec.line ?? 0, condition: Self.text(spec.condition),
                hitCondition: Self.text(spec.hitCondition), logMessage: Self.text(spec.logMessage))
        }
        lines[file] = made.isEmpty ? nil : made
        return made
    }

    /// Replaces the function breakpoints (DAP `FunctionBreakpoint`s), resolved in `sources`.
    mutating func setFunctions(
        from requested: [DAPArguments.FunctionBreakpoint], sources: [(file: String, text: String)]
    ) -> [Function] {
        functions = requested.compactMap { spec in
            guard let name = Self.text(spec.name) else { return nil }
            defer { nextID += 1 }
            return Function(id: nextID, name: name, condition: Self.text(spec.condition))
        }
        resolveFunctions(in: sources)
        return functions
    }

    /// Finds the function breakpoints' definitions again (after a save); returns the ones
    /// whose places changed.
    @discardableResult
    mutating func resolveFunctions(in sources: [(file: String, text: String)]) -> [Function] {
        var changed: [Function] = []
        for index in functions.indices {
            let places = sources.flatMap { source in
                Self.definitions(of: functions[index].name, in: source.text).map { (source.file, $0) }
            }
            if places.map(\.1) != functions[index].places.map(\.line)
                || places.map(\.0) != functions[index].places.map(\.file)
            {
                functions[index].places = places
                changed.append(functions[index])
            }
        }
        return changed
    }

    /// Every file that has breakpoints of either kind, with its lines and function entries.
    var byFile: [String: (lines: [Int], entries: [Int])] {
        var result: [String: (lines: [Int], entries: [Int])] = [:]
        for (file, list) in lines { result[file, default: ([], [])].lines = list.map(\.line) }
        for function in functions {
            for place in function.places { result[place.file, default: ([], [])].entries.append(place.line) }
        }
        return result
    }

    /// Counts a hit of every line breakpoint of `file` at `line`, and returns them.
    mutating func hitLines(of file: String, at line: Int) -> [Line] {
        guard var list = lines[file] else { return [] }
        var hit: [Line] = []
        for index in list.indices where list[index].line == line {
            list[index].hits += 1
            hit.append(list[index])
        }
        lines[file] = list
        return hit
    }

    /// Counts a hit of the function breakpoints defined at `line` of `file`.
    mutating func hitFunctions(of file: String, definedAt line: Int) -> [Function] {
        var hit: [Function] = []
        for index in functions.indices
        where functions[index].places.contains(where: { $0.file == file && $0.line == line }) {
            functions[index].hits += 1
            hit.append(functions[index])
        }
        return hit
    }

    /// Whether `hits` satisfies a hit condition: `N` or `>= N` (from the Nth hit on), `> N`,
    /// `== N`, `< N`, `<= N`, `% N` (every Nth). Nil when the condition cannot be read.
    static func hitConditionHolds(_ condition: String, hits: Int) -> Bool? {
        let text = condition.trimmingCharacters(in: .whitespaces)
        for op in [">=", "<=", "==", ">", "<", "%", "="] where text.hasPrefix(op) {
            guard let n = Int(text.dropFirst(op.count).trimmingCharacters(in: .whitespaces)) else { return nil }
            switch op {
            case ">=": return hits >= n
            case "<=": return hits <= n
            case "==", "=": return hits == n
            case ">": return hits > n
            case "<": return hits < n
            default: return n > 0 && hits % n == 0
            }
        }
        return Int(text).map { hits >= $0 }
    }

    /// The lines where a function named `name` is defined in `text`: `function a.b:name(`,
    /// `local function name(`, `name = function(` (a qualified name such as `Class:name`
    /// matches only that).
    static func definitions(of name: String, in text: String) -> [Int] {
        let qualified = name.contains(".") || name.contains(":")
        let short = Self.lastComponent(of: name)
        var found: [Int] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let defined = definedName(in: line) else { continue }
            if qualified ? defined == name : Self.lastComponent(of: defined) == short { found.append(index + 1) }
        }
        return found
    }

    /// The name a line of Lua defines a function under (`Class:method`), if it defines one.
    static func definedName(in line: some StringProtocol) -> String? {
        let code = line.trimmingCharacters(in: .whitespaces)
        if let range = code.range(of: #"^(local\s+)?function\s+[A-Za-z_][\w.:]*\s*\("#, options: .regularExpression) {
            return code[range].replacingOccurrences(
                of: #"^(local\s+)?function\s+"#, with: "", options: .regularExpression
            )
            .dropLast().trimmingCharacters(in: .whitespaces)
        }
        if let range = code.range(
            of: #"^(local\s+)?[A-Za-z_][\w.:\[\]"']*\s*=\s*function\s*\("#, options: .regularExpression)
        {
            return code[range].replacingOccurrences(of: #"^(local\s+)?"#, with: "", options: .regularExpression)
                .components(separatedBy: "=").first?.trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    private static func lastComponent(of name: String) -> String {
        name.split(whereSeparator: { $0 == "." || $0 == ":" }).last.map(String.init) ?? name
    }

    private static func text(_ value: String?) -> String? {
        guard let text = value, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return text
    }
}
