import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge

/// `rebound.param(name, default, options)`: a knob for a layout experiment, declared where its
/// value is used. It returns the value set for it (from the page, the console or `--param`), or
/// the default: a number (`{ min = 0, max = 40, step = 1 }`), a boolean, a string (any one
/// line, or one of `{ choices = {...} }`), or a `UIColor`.
enum KnobScript {
    static func install(in world: UIWorld, store: KnobStore) throws {
        let state = world.bridge.state
        let table = try state.makeTable()
        try table.set(
            "param",
            .function(
                try state.makeValueFunction(named: "rebound.param") { [unowned world] arguments in
                    let knob = try knob(arguments, world: world)
                    do {
                        let (value, warning) = try store.declare(knob)
                        if let warning { world.bridge.report(.warning, warning) }
                        return [try luaValue(value, of: knob, in: world)]
                    } catch let error as KnobError {
                        throw LuaError(kind: .runtime, message: "rebound.param: \(error.description) (as it was set)")
                    }
                }))
        try state.setGlobal("rebound", .table(table))
    }

    private static func knob(_ arguments: [LuaValue], world: UIWorld) throws -> KnobStore.Knob {
        guard case .string(let name)? = arguments.first, KnobStore.isName(name) else {
            throw LuaError(
                kind: .runtime,
                message: "rebound.param expects a name (letters, digits, '_', '.', '-') and a default, such as "
                    + "rebound.param(\"spacing\", 8, { min = 0, max = 40 })")
        }
        let options = arguments.count > 2 ? arguments[2].tableValue : nil
        func number(_ key: String) throws -> Double? {
            guard let value = try options?.get(key), value != .nil else { return nil }
            guard let number = value.numberValue, number.isFinite else {
                throw LuaError(kind: .runtime, message: "rebound.param(\"\(name)\"): \(key) must be a number")
            }
            return number
        }
        switch arguments.count > 1 ? arguments[1] : .nil {
        case .integer, .number:
            let value = arguments[1].numberValue ?? 0
            let (low, high, step) = (try number("min"), try number("max"), try number("step"))
            guard (low ?? value) <= value, value <= (high ?? value), (step ?? 1) > 0 else {
                throw LuaError(
                    kind: .runtime,
                    message: "rebound.param(\"\(name)\"): the default \(KnobStore.Value.number(value).text) must lie "
                        + "within min and max, and a step must be above 0")
            }
            return .init(name: name, kind: .number(min: low, max: high, step: step), defaultValue: .number(value))
        case .boolean(let flag):
            return .init(name: name, kind: .boolean, defaultValue: .boolean(flag))
        case .string(let text):
            guard let list = try options?.get("choices").tableValue else {
                guard KnobStore.isChoice(text) else {
                    throw LuaError(
                        kind: .runtime,
                        message: "rebound.param(\"\(name)\"): a text knob's default is one line of at most "
                            + "\(KnobStore.maximumChoiceLength) characters without control characters")
                }
                return .init(name: name, kind: .text, defaultValue: .text(text))
            }
            let choices = try list.pairs()
                .compactMap { entry in entry.key.integerValue.map { ($0, entry.value.stringValue) } }
                .sorted { $0.0 < $1.0 }.compactMap(\.1)
            guard choices.count <= KnobStore.maximumChoices else {
                throw LuaError(
                    kind: .runtime,
                    message:
                        "rebound.param(\"\(name)\"): a text knob offers at most \(KnobStore.maximumChoices) choices, "
                        + "got \(choices.count)")
            }
            if let bad = choices.first(where: { !KnobStore.isChoice($0) }) {
                throw LuaError(
                    kind: .runtime,
                    message:
                        "rebound.param(\"\(name)\"): the choice \(LuaLiteral.string(String(bad.prefix(64)))) is not "
                        + "one line of at most \(KnobStore.maximumChoiceLength) characters without control characters")
            }
            guard choices.contains(text) else {
                throw LuaError(
                    kind: .runtime,
                    message:
                        "rebound.param(\"\(name)\"): a text knob needs { choices = {...} } that hold its default '\(text)'"
                )
            }
            return .init(name: name, kind: .choice(choices), defaultValue: .text(text))
        case let value:
            guard let color = world.bridge.state.object(of: value, as: Color.self) else {
                throw LuaError(
                    kind: .runtime,
                    message: "rebound.param(\"\(name)\"): the default must be a number, a boolean, a string or a "
                        + "UIColor, got \(value.typeName)")
            }
            return .init(name: name, kind: .color, defaultValue: .text(hex(color)))
        }
    }

    /// A value as the script gets it: a colour as a `UIColor`.
    static func luaValue(_ value: KnobStore.Value, of knob: KnobStore.Knob, in world: UIWorld) throws
        -> LuaValue
    {
        switch value {
        case .number(let number): return .number(number)
        case .boolean(let flag): return .boolean(flag)
        case .text(let text):
            guard knob.kind == .color else { return .string(text) }
            let digits = Array(text.dropFirst()).chunked(2).compactMap { UInt8(String($0), radix: 16) }
            guard digits.count == 4 else { return .nil }
            let color = Color(
                red: Double(digits[0]) / 255, green: Double(digits[1]) / 255, blue: Double(digits[2]) / 255,
                alpha: Double(digits[3]) / 255)
            return try world.bridge.value(for: color)
        }
    }

    /// `#RRGGBBAA` of a colour.
    static func hex(_ color: Color) -> String {
        "#"
            + [color.red, color.green, color.blue, color.alpha].map {
                String(format: "%02X", Int((min(1, max(0, $0)) * 255).rounded()))
            }.joined()
    }
}

extension Array {
    fileprivate func chunked(_ size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
