import CBaselines
import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge

/// Calls of `x = f(i)` made by one round of `callLoop`.
public let callsPerRun = 100_000
public let callLoop = "local f = ... local x for i = 1, \(callsPerRun) do x = f(i) end return x"
/// How many numbers one round formats.
public let formattedNumbers = 10_000

/// Options without a time budget, so that long loops measure only themselves.
public var unlimited: LuaState.Options {
    var options = LuaState.Options()
    options.timeBudget = .zero
    return options
}

/// A native class for the bridge's benchmarks.
public final class BenchWidget: BridgeObject {
    var alpha = 0.5
}

public func makeBenchWidgetClass() -> NativeClass {
    NativeClass("BenchWidget", superclass: "NSObject", type: BenchWidget.self, allocate: BenchWidget.init) { c in
        c.property("alpha", stored: \.alpha, set: { $0.alpha = $1 })
        c.method("offsetPoint_by") { (_: BenchWidget, point: CGPoint, delta: CGSize) in
            CGPoint(x: point.x + delta.width, y: point.y + delta.height)
        }
        c.method("sizeForWidth", overridable: true) { (_: BenchWidget, width: Double) in CGSize(width: width, height: 1)
        }
        c.method("scaleFor", overridable: true) { (_: BenchWidget, x: Double) in x }
    }
}

let bridgeSetup = """
    Sized = objc.BenchWidget:createSubclass("Sized")
    function Sized:sizeForWidth(width) return { width = width, height = 2 } end
    function Sized:scaled(x) return x end
    function Sized:scaleFor(x) return x end
    """

/// `source`, a chunk given the C function at `function`, in a plain state (Lua alone).
public func plainLoop(function: UnsafeRawPointer, loop source: String) throws -> () throws -> Void {
    let lua = try PlainLua(source)
    return { try lua.run(with: function) }
}

/// Raw `lua_pcall`s, in a plain state, of the function `source` evaluates to.
public func rawCalls(of source: String) throws -> () throws -> Void {
    let lua = try PlainLua("return " + source)
    return { try lua.protectedCalls(callsPerRun) }
}

/// `source` in a fresh Rebound state with a time budget of `budget` (none: zero), given what
/// `prepare` makes.
public func luaLoop(
    _ source: String, budget: Duration = .zero, argument prepare: (LuaState) throws -> LuaValue = { _ in .nil }
) throws -> () throws -> Void {
    var options = LuaState.Options()
    options.timeBudget = budget
    let lua = try LuaState(options: options)
    let chunk = try lua.load(source, chunkName: "=bench")
    let argument = try prepare(lua)
    return { try withExtendedLifetime(lua) { consume(try chunk.call(argument)) } }
}

/// `source` over a bridge with the benchmark class, given an instance of `Sized`.
public func bridgeLoop(_ source: String) throws -> () throws -> Void {
    let bridge = try ObjectBridge(options: unlimited, classes: [makeBenchWidgetClass()])
    try bridge.state.run(bridgeSetup)
    let chunk = try bridge.state.load(source, chunkName: "=bench")
    let object = try bridge.state.run("return Sized:new()").first ?? .nil
    return { try withExtendedLifetime(bridge) { consume(try chunk.call(object)) } }
}

/// Native code calling the script override of `method` on an instance of `Sized`.
public func overrideCalls<R: ScriptConvertible>(method: String, returning: R.Type, budget: Duration = .zero) throws
    -> () throws -> Void
{
    var options = unlimited
    options.timeBudget = budget
    let bridge = try ObjectBridge(options: options, classes: [makeBenchWidgetClass()])
    try bridge.state.run(bridgeSetup)
    guard case .userdata = try bridge.state.run("sized = Sized:new() return sized").first,
        let object = try bridge.state.object(of: bridge.state.global("sized"), as: BenchWidget.self),
        let override = bridge.scriptOverride(method, of: object)
    else { throw BaselineFailed() }
    return {
        for index in 0..<callsPerRun {
            consume(try bridge.call(override, on: object, method: method, Double(index), returning: R.self))
        }
    }
}

/// The bridge's rows that `make bench-instructions` counts, with their goals.
public enum BridgeRows {
    public static let rawCFunction = Workload("native call: raw lua_CFunction") {
        try plainLoop(function: bench_identity_function(), loop: callLoop)
    }
    // The floor under the closure row: the same call through a C closure's upvalue.
    public static let cClosure = Workload("native call: C closure calling through its upvalue") {
        let lua = try PlainLua(callLoop)
        return { try lua.run(withMadeBy: bench_identity_closure_maker()) }
    }
    public static let swiftClosure = Workload("native call: Swift closure (public API)") {
        try luaLoop(callLoop) { lua in
            .function(
                try lua.makeFunction(named: "identity") { frame in
                    try frame.push(try frame.integer(1))
                    return 1
                })
        }
    }
    public static let propertyGet = Workload("bridge: native property get") {
        try bridgeLoop("local w = ... local x for i = 1, \(callsPerRun) do x = w.alpha end return x")
    }
    public static let rectRecordFromC = Workload("native call: raw lua_CFunction making a CGRect record") {
        try plainLoop(function: bench_rect_record_function(), loop: callLoop)
    }
    public static let recordPropertyGet = Workload("bridge: native record property get (view.bounds)") {
        let world = try UIWorld(options: unlimited)
        let chunk = try world.bridge.state.load(
            "local v = ... local x for i = 1, \(callsPerRun) do x = v.bounds end return x", chunkName: "=bench")
        let view = try world.bridge.state.run("return objc.UIView:newWithFrame(struct.CGRect(10, 20, 300, 200))")
        return { try withExtendedLifetime(world) { consume(try chunk.call(view.first ?? .nil)) } }
    }
    public static let overrideCall = Workload("bridge: native calls a Lua override returning a number") {
        try overrideCalls(method: "scaleFor", returning: Double.self)
    }
    public static let rawPcall = Workload("raw lua_pcall of a plain Lua function") {
        try rawCalls(of: "function(x) return x end")
    }
    public static let formatterFromLua = Workload("foundation: NSNumberFormatter from Lua, 10k numbers") {
        let world = try UIWorld(options: unlimited)
        try world.bridge.state.run(
            """
            formatter = objc.NSNumberFormatter:new()
            formatter.numberStyle = require("Foundation.NSNumberFormatter").Style.DecimalStyle
            formatter.locale = objc.NSLocale:localeWithLocaleIdentifier("en_US")
            """, chunkName: "=formatter")
        let chunk = try world.bridge.state.load(
            """
            local formatter = formatter
            local last
            for i = 1, \(formattedNumbers) do last = formatter:stringFromNumber(i * 1.25) end
            return last
            """, chunkName: "=bench")
        return { try withExtendedLifetime(world) { consume(try chunk.call()) } }
    }
    public static let formatterFromSwift = Workload("foundation: the same Foundation formatter from Swift, 10k numbers")
    {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.locale = Locale(identifier: "en_US")
        return {
            var last: String?
            for i in 1...formattedNumbers { last = formatter.string(from: NSNumber(value: Double(i) * 1.25)) }
            consume(last)
        }
    }

    public static let comparisons = [
        WorkloadComparison(candidate: propertyGet, baseline: rawCFunction, goal: 2),
        WorkloadComparison(candidate: recordPropertyGet, baseline: rectRecordFromC, goal: 2),
        WorkloadComparison(candidate: overrideCall, baseline: rawPcall, goal: 3),
        WorkloadComparison(candidate: swiftClosure, baseline: rawCFunction, goal: 1.1),
        WorkloadComparison(candidate: cClosure, baseline: rawCFunction, goal: 1.1),
        WorkloadComparison(candidate: formatterFromLua, baseline: formatterFromSwift, goal: 1.5),
        WorkloadComparison(candidate: flowLuaDelegate, baseline: flowDelegateAlone, goal: 1.2),
        WorkloadComparison(candidate: typing, baseline: typingDelegateFromSwift, goal: 1.25),
    ]

    /// Every workload of the comparisons, once.
    public static var workloads: [Workload] { comparisons.workloads }
}
