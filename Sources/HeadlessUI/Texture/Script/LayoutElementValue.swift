import Foundation
import ObjectBridge

/// A layout element as scripts pass one: a node or a layout spec (`id<ASLayoutElement>`).
struct LayoutElementValue: ScriptConvertible {
    let element: any LayoutElement

    init(_ element: any LayoutElement) { self.element = element }

    static var scriptType: ScriptType { .object("ASLayoutElement") }

    static func read(from call: BridgeCall, at position: Int32) throws -> LayoutElementValue {
        guard let object = call.frame.object(position, as: BridgeObject.self),
            let element = object as? any LayoutElement
        else {
            throw ScriptValueError(
                "a layout element (an ASLayoutSpec or an ASDisplayNode) expected, got \(call.describe(position))")
        }
        return LayoutElementValue(element)
    }

    func push(to call: BridgeCall) throws { try element.push(to: call) }
}

/// Texture's enums as scripts set them: a member of the enum or its raw number.
enum TextureEnum {
    static func member<E: RawRepresentable>(_ value: Int, _ name: String) throws -> E where E.RawValue == Int {
        guard let member = E(rawValue: value) else {
            throw ScriptValueError("\(value) is not a value of \(name)")
        }
        return member
    }

    /// Property `name` of enum type `cType`, read as its raw number and set from a member or a
    /// raw number.
    static func property<Object: BridgeObject, E: RawRepresentable>(
        _ c: NativeClassBuilder<Object>, _ name: String, _ field: ReferenceWritableKeyPath<Object, E>, _ cType: String
    ) where E.RawValue == Int {
        c.property(name, get: { $0[keyPath: field].rawValue }, set: { $0[keyPath: field] = try member($1, cType) })
    }

    /// A length a spec or style takes: finite, or infinite where Texture allows it.
    static func length(_ value: Double, _ name: String, allowsInfinity: Bool = false) throws -> Double {
        guard !value.isNaN, allowsInfinity || value.isFinite else {
            throw ScriptValueError("\(name) must be a finite number, got \(value)")
        }
        return value
    }
}
