import Foundation
import ObjectBridge

/// `NSJSONSerialization` and `NSPropertyListSerialization`, for the strings and data scripts
/// hold, through Foundation's own readers and writers; and CodeFlow's `objc.toArray` and
/// `objc.toDictionary`, which turn native collections into Lua tables.
enum Serialization {
    /// `NSJSONWritingOptions` this host honours.
    static let prettyPrinted = 1 << 0, sortedKeys = 1 << 1

    static func jsonClass(_ environment: UIEnvironment) -> NativeClass {
        NativeClass("NSJSONSerialization", superclass: "NSObject", type: BridgeObject.self, allocate: nil) { c in
            // Unreadable JSON gives nil, as Foundation's does (with its error).
            c.classMethod("JSONObjectWithData_options_error") {
                (input: DataBytes, _: Int, _: AnyScriptValue) -> AnyScriptValue in
                guard let object = try? JSONSerialization.jsonObject(with: input.data, options: [.fragmentsAllowed])
                else {
                    return AnyScriptValue(nil)
                }
                return try environment.luaValue(PlistValue(foundation: object, at: "JSON"))
            }
            c.classMethod("dataWithJSONObject_options_error") {
                (value: AnyScriptValue, options: Int, _: AnyScriptValue) in
                var writing: JSONSerialization.WritingOptions = [.fragmentsAllowed]
                if options & prettyPrinted != 0 { writing.insert(.prettyPrinted) }
                if options & sortedKeys != 0 { writing.insert(.sortedKeys) }
                return DataObject(
                    try JSONSerialization.data(withJSONObject: try plist(value).foundation, options: writing))
            }
            c.classMethod("isValidJSONObject") { (value: AnyScriptValue) in (try? plist(value)) != nil }
        }
    }

    static func propertyListClass(_ environment: UIEnvironment) -> NativeClass {
        NativeClass("NSPropertyListSerialization", superclass: "NSObject", type: BridgeObject.self, allocate: nil) {
            c in
            c.declared(inHeader: "NSPropertyList")
            c.enumeration(
                cType: "NSPropertyListMutabilityOptions", constants: "NSPropertyList",
                module: "Foundation.NSPropertyList",
                [("Immutable", 0), ("MutableContainers", 1), ("MutableContainersAndLeaves", 2)])
            c.enumeration(
                cType: "NSPropertyListFormat", constants: "NSPropertyList", module: "Foundation.NSPropertyList",
                [("OpenStepFormat", 1), ("XMLFormat_v1_0", 100), ("BinaryFormat_v1_0", 200)])
            c.classMethod("propertyListWithData_options_format_error") {
                (input: DataBytes, _: Int, _: AnyScriptValue, _: AnyScriptValue) -> AnyScriptValue in
                guard let object = try? PropertyListSerialization.propertyList(from: input.data, format: nil) else {
                    return AnyScriptValue(nil)
                }
                return try environment.luaValue(PlistValue(foundation: object, at: "property list"))
            }
            // NSPropertyListFormat: XML 100, binary 200.
            c.classMethod("dataWithPropertyList_format_options_error") {
                (value: AnyScriptValue, format: Int, _: Int, _: AnyScriptValue) in
                let kind: PropertyListSerialization.PropertyListFormat = format == 200 ? .binary : .xml
                return DataObject(
                    try PropertyListSerialization.data(
                        fromPropertyList: try plist(value).foundation, format: kind, options: 0))
            }
        }
    }

    /// A script's value as a property list (a table or a scalar).
    private static func plist(_ value: AnyScriptValue) throws -> PlistValue {
        switch value.value {
        case let table as ScriptTable: return try PlistValue(.table(table.table))
        case let flag as Bool: return .boolean(flag)
        case let number as Int: return .integer(Int64(number))
        case let number as Double: return try PlistValue(.number(number))
        case let text as String: return .string(text)
        default: throw ScriptValueError("the value must be a table, a string, a number or a boolean")
        }
    }

    /// `objc.toArray(x)` and `objc.toDictionary(x)`: an NSArray's elements as a Lua sequence,
    /// an NSDictionary's entries as a table; a table as it is.
    static let prelude = String(decoding: PackageResources.serialization_lua, as: UTF8.self)
}

extension Serialization: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] {
        [jsonClass(environment)] + [propertyListClass(environment)]
    }
}
