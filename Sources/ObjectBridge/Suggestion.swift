/// "Did you mean" for unknown names: the closest candidate by edit distance, ignoring case.
public enum Suggestion {
    /// The closest of `candidates` to `name`, if it is close enough to be a likely typo.
    public static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let target = Array(name.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in Set(candidates) where candidate != name {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance < (best?.distance ?? .max) || (distance == best?.distance && candidate < (best?.name ?? "")) {
                best = (candidate, distance)
            }
        }
        guard let best, best.distance <= max(2, target.count / 3) else { return nil }
        return best.name
    }

    /// The one of `candidates` that `name` most likely misspells, where `name` may as well be
    /// a name of its own (a field a script keeps on an object): it differs by case only, by
    /// one edit in a name of 6 or more characters, or two in one of 10 or more. A name that
    /// only adds an "s" (`frames` beside `frame`) is taken as meant.
    public static func misspelled(_ name: String, among candidates: some Sequence<String>) -> String? {
        let target = Array(name.lowercased())
        let allowed = target.count >= 10 ? 2 : target.count >= 6 ? 1 : 0
        var best: (name: String, distance: Int)?
        for candidate in Set(candidates)
        where abs(candidate.utf8.count - name.utf8.count) <= allowed && candidate != name && name != candidate + "s" {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance <= allowed,
                distance < (best?.distance ?? .max) || (distance == best?.distance && candidate < (best?.name ?? ""))
            {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Up to `count` of `candidates`, closest to `name` first (ties by name), however far.
    public static func nearest(to name: String, among candidates: some Sequence<String>, count: Int) -> [String] {
        let target = Array(name.lowercased())
        return Set(candidates).map { ($0, editDistance(target, Array($0.lowercased()))) }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(count).map(\.0)
    }

    /// " (did you mean 'x'?)" or "".
    public static func phrase(for name: String, among candidates: some Sequence<String>) -> String {
        closest(to: name, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
