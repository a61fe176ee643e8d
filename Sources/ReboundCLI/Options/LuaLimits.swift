import ArgumentParser
import LuaRuntime

/// The limits every command that runs Lua takes.
struct LuaLimits: ParsableArguments {
    @Option(help: "Seconds one call into Lua may run (0 for no limit).")
    var timeBudget: Double = 2

    @Option(help: "Megabytes Lua may allocate (0 for no limit).")
    var memoryLimit: Int = 1024

    func validate() throws {
        if !(timeBudget >= 0) || timeBudget > 1e9 { throw ValidationError("--time-budget must be 0 or more seconds.") }
        if memoryLimit < 0 || memoryLimit > 1 << 40 {
            throw ValidationError("--memory-limit must be 0 or more megabytes.")
        }
    }

    var options: LuaState.Options {
        var options = LuaState.Options()
        options.timeBudget = .milliseconds(Int64(timeBudget * 1000))
        options.memoryLimit = memoryLimit << 20
        return options
    }
}
