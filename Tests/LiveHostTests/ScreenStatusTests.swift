import LiveHost
import LiveTestSupport
import Testing

/// The host keeps each screen's status and says when it changes: a runtime error shows until
/// a layout pass runs without one, a syntax error until a turn that reports none (here, its
/// file saved again).
@Suite struct ScreenStatusTests {
    /// The statuses the host published, as `healthy` or the kind of the error shown.
    static func statuses(_ project: LiveProject) -> [String] {
        project.events(.status).compactMap { event in
            guard case .status(let status) = event else { return nil }
            switch status {
            case .healthy: return "healthy"
            case .failing(let problem): return problem.kind.rawValue
            }
        }
    }

    @Test func aRuntimeErrorClearsWithACleanPassAndASyntaxErrorWithACleanTurn() throws {
        let project = try LiveProject(ScreenStatusFiles.files)
        #expect(Self.statuses(project).isEmpty, "a clean start changes nothing")
        _ = project.host.evaluate("broken = true shown.view:setNeedsLayout()")
        #expect(Self.statuses(project) == ["runtime-error"])
        _ = project.host.evaluate("broken = false shown.view:setNeedsLayout()")
        #expect(Self.statuses(project) == ["runtime-error", "healthy"])

        try project.save("Sentinel.lua", "return = 1\n", as: .inPlace)
        #expect(project.waitFor(.problem(.syntaxError)) == 1)
        _ = project.host.evaluate("shown.view:setNeedsLayout()")
        #expect(Self.statuses(project) == ["runtime-error", "healthy", "syntax-error"], "a pass leaves it shown")
        try project.sentinel()
        #expect(Self.statuses(project) == ["runtime-error", "healthy", "syntax-error", "healthy"])
    }
}
