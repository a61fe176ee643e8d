/// The Lua side of `rebound test`: busted driven for one spec file, and the vocabulary specs
/// drive the program with.
public enum SpecScripts {
    /// Runs one spec file with busted's own core, filters and loader, reporting to Swift
    /// through `report(kind, fields)`: `start` (a test's full name), `end` (name, status,
    /// message, file, line) and `error` (an error outside any test: a file that does not load,
    /// a failing `describe` or hook). `restartBudget()` gives each test the whole time budget.
    static let runner = String(decoding: PackageResources.runner_lua, as: UTF8.self)

    /// `host` (`find`, `findAll`, `tap`, `type`, `alert`, `window`, `rootViewController`) and
    /// the gestures in RubyMotion's words, over `simulate`: what specs and `render --after`
    /// scripts drive a program with.
    public static let gestures = String(decoding: PackageResources.gestures_lua, as: UTF8.self)

    /// What only specs have: `host.start`, `displayPass`, `layout`, `edit` (the host's functions
    /// in `native`), and the snapshot assertions, `host.snapshot` and `host.layoutSnapshot`.
    static let specAssertions = String(decoding: PackageResources.assertions_lua, as: UTF8.self)
}
