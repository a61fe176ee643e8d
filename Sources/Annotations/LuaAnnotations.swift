import Foundation
import ObjectBridge

/// LuaLS definition files (`---@meta`, `*.d.lua`) generated from the bridge's registry, so that
/// editors complete and check what scripts use: one file per class (its properties as fields,
/// its methods and class methods with their parameter and result types, `new...` for its
/// initializers, and a `createSubclass` whose result is both the new class and this one), one
/// per struct (its fields, its values' methods, `struct.Name(...)`), one per binding module
/// (its enums as `---@enum` tables, its functions and constants; `require` finds it by its
/// name), and `rebound.d.lua` for the globals (`objc`, `class`, `struct`, `property`, `message`,
/// `simulate`, `getResource`). The same registry gives the same bytes.
public struct LuaAnnotations {
    public let bridge: ObjectBridge
    /// Script class names by the name of their instances' Swift class (`Font` is `UIFont`);
    /// where classes share a Swift class, the first registered (the most basic) names it.
    private let classNames: [String: String]

    public init(bridge: ObjectBridge) {
        self.bridge = bridge
        var names: [String: String] = [:]
        for description in bridge.nativeClasses where !description.isExtension {
            if let swift = description.swiftTypeName, names[swift] == nil { names[swift] = description.name }
        }
        classNames = names
    }

    /// Every file, by its path in the output folder.
    public func files() -> [String: String] {
        var files: [String: String] = ["rebound.d.lua": globals()]
        for description in classes { files["classes/\(description.name).d.lua"] = classFile(description) }
        for description in bridge.structDescriptions {
            files["structs/\(description.name).d.lua"] = structFile(description)
        }
        for module in bridge.moduleNames.sorted() { files["modules/\(module).d.lua"] = moduleFile(module) }
        return files
    }

    /// What `write` did: how many files it wrote or removed, and those it left alone.
    public typealias Written = GeneratedFolder.Written

    /// The list of the files `write` wrote into a folder, so that it only ever removes or
    /// replaces its own (the folder may hold the user's definition files too).
    public static let manifestName = ".rebound-annotations"

    /// Writes the files into `folder` as `GeneratedFolder` does: only its own are ever
    /// replaced or removed, and unchanged ones are left as they are.
    @discardableResult
    public func write(to folder: URL) throws -> Written {
        try GeneratedFolder(manifestName: Self.manifestName, suffix: ".d.lua").write(files(), to: folder)
    }

    // MARK: Classes

    /// The registered classes (extensions folded in), by name.
    private var classes: [NativeClass] { bridge.nativeClasses.filter { !$0.isExtension }.sorted { $0.name < $1.name } }

    private func classFile(_ description: NativeClass) -> String {
        let name = description.name
        var lines = [Self.header("_"), ""]
        let extensions = bridge.nativeClasses.filter { $0.isExtension && $0.name == name }
        let all = [description] + extensions
        lines.append("---@class \(name)" + (description.superclassName.map { " : \($0)" } ?? ""))
        var taken: Set<String> = []
        for property in all.flatMap(\.properties) + all.flatMap(\.classProperties)
        where taken.insert(property.name).inserted {
            lines.append(
                "---@field \(property.name) \(type(property.type))" + (property.isReadOnly ? " (read-only)" : ""))
        }
        lines.append("local \(name) = {}")
        for method in all.flatMap(\.methods) + all.flatMap(\.classMethods) where taken.insert(method.name).inserted {
            lines += [""] + function(method, receiver: name)
        }
        for property in all.flatMap(\.properties)
        where !property.isReadOnly && taken.insert(property.setterName).inserted {
            lines += [
                "", "---@param value \(type(property.type))", "function \(name):\(property.setterName)(value) end",
            ]
        }
        if description.isInstantiable || isSubclassOfInstantiable(description) {
            for initializer in all.flatMap(\.methods) where initializer.name.hasPrefix("init") {
                let constructor = "new" + initializer.name.dropFirst(4)
                guard taken.insert(constructor).inserted else { continue }
                lines +=
                    [""] + function(MethodRename(initializer, name: constructor, result: .object(name)), receiver: name)
            }
        }
        lines += [
            "", "---A script subclass; its methods see both its own fields and \(name)'s.", "---@generic T",
            "---@param name `T`", "---@return T|\(name)", "function \(name):createSubclass(name) end",
        ]
        var enums: Set<String> = []
        for description in all.flatMap(\.enums) {
            for enumName in [description.name] + description.aliases where enums.insert(enumName).inserted {
                lines += ["", "\(name).\(enumName) = require(\"\(description.module)\").\(description.name)"]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func isSubclassOfInstantiable(_ description: NativeClass) -> Bool {
        var superclass = description.superclassName
        while let name = superclass,
            let found = bridge.nativeClasses.first(where: { $0.name == name && !$0.isExtension })
        {
            if found.isInstantiable { return true }
            superclass = found.superclassName
        }
        return false
    }

    /// A method's signature under another name and result (an initializer as `new...`).
    private struct MethodRename {
        let name: String
        let parameters: [ScriptType]
        let parameterNames: [String]
        let result: ScriptType

        init(_ method: MethodDescription, name: String, result: ScriptType) {
            self.name = name
            parameters = method.parameters
            parameterNames = method.parameterNames
            self.result = result
        }
    }

    private func function(_ method: MethodDescription, receiver: String) -> [String] {
        function(
            name: method.name, parameters: method.parameters, names: method.parameterNames, result: method.result,
            receiver: receiver, separator: ":")
    }

    private func function(_ method: MethodRename, receiver: String) -> [String] {
        function(
            name: method.name, parameters: method.parameters, names: method.parameterNames, result: method.result,
            receiver: receiver, separator: ":")
    }

    private func function(
        name: String, parameters: [ScriptType], names: [String], result: ScriptType,
        receiver: String, separator: String
    ) -> [String] {
        var names = Self.parameterNames(names, count: parameters.count)
        if case .variadic = parameters.last { names[names.count - 1] = "..." }
        var lines = zip(names, parameters).map { "---@param \($0) \(type($1))" }
        if result != .void { lines.append("---@return \(type(result))") }
        lines.append("function \(receiver)\(separator)\(name)(\(names.joined(separator: ", "))) end")
        return lines
    }

    // MARK: Structs and modules

    private func structFile(_ description: StructDescription) -> String {
        let name = description.name
        var lines = [Self.header("_"), "", "---@class \(name)"]
        lines += description.recordFields.map { "---@field \($0.name) \(type($0.type))" }
        lines.append("local \(name) = {}")
        for method in description.methods {
            lines +=
                [""]
                + function(
                    name: method.name, parameters: method.parameters, names: method.parameterNames,
                    result: method.result, receiver: name, separator: ":")
        }
        lines += ["", "---Makes a \(name) from its fields, in this order; missing ones are zero."]
        lines += description.fields.map { "---@param \($0) number?" }
        lines += ["---@return \(name)", "function struct.\(name)(\(description.fields.joined(separator: ", "))) end"]
        return lines.joined(separator: "\n") + "\n"
    }

    private func moduleFile(_ module: String) -> String {
        if let header = bridge.moduleAliases[module] {
            return [Self.header(module), "", "return require(\"\(header)\")"].joined(separator: "\n") + "\n"
        }
        var lines = [Self.header(module), "", "local M = {}"]
        var written: Set<String> = []
        for description in bridge.allEnums
        where description.module == module && written.insert(description.name).inserted {
            lines += ["", "---@enum \(module).\(description.name)", "M.\(description.name) = {"]
            lines += description.members.map { "    \(Self.key($0.name)) = \($0.value)," }
            lines.append("}")
            for alias in description.aliases where written.insert(alias).inserted {
                lines.append("M.\(alias) = M.\(description.name)")
            }
        }
        let structFunctions = bridge.structDescriptions.filter { $0.header == module }.flatMap(\.functions)
        for function in structFunctions {
            lines +=
                [""]
                + self.function(
                    name: function.name, parameters: function.parameters, names: function.parameterNames,
                    result: function.result, receiver: "M", separator: ".")
        }
        let described = Set(structFunctions.map(\.name))
        for (name, member) in bridge.modules[module]?.members ?? [] where !described.contains(name) {
            switch member {
            case .constant(let value):
                let kind = Swift.type(of: value).scriptType
                lines += ["", "---@type \(type(kind))", "M.\(name) = nil"]
            case .function: lines += ["", "---@param ... any", "---@return any", "function M.\(name)(...) end"]
            }
        }
        lines += ["", "return M"]
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Globals

    private func globals() -> String {
        var lines = [Self.header("_"), "", "---Every native class, by name.", "---@class objc"]
        lines += classes.map { "---@field \($0.name) \($0.name)" }
        lines += [
            "objc = {}", "", "---Struct constructors and their values' methods: `struct.CGRect(0, 0, 10, 20)`.",
            "struct = {}",
        ]
        lines.append(Self.globalStubs)
        return lines.joined(separator: "\n")
    }

    /// What the class model and the host add to the registry's names, written once here.
    private static let globalStubs = String(decoding: PackageResources.globals_lua, as: UTF8.self)

    // MARK: Names and types

    static func header(_ module: String) -> String {
        "---@meta \(module)\n-- Generated by `rebound annotations` from Rebound's registry; regenerate rather than edit."
    }

    /// LuaLS's spelling of a script type.
    func type(_ type: ScriptType) -> String {
        switch type {
        case .number: "number"
        case .integer: "integer"
        case .boolean: "boolean"
        case .string: "string"
        case .object(let name): classNames[name] ?? name
        case .classValue: "table"
        case .structure(let name): name
        case .array(let element): wrapped(element) + "[]"
        case .dictionary(let value): "table<string, \(self.type(value))>"
        case .block: "function"
        case .optional(let wrapped): self.wrapped(wrapped) + "?"
        case .any: "any"
        case .variadic(let element): self.type(element)
        case .void: "nil"
        }
    }

    private func wrapped(_ type: ScriptType) -> String {
        switch type {
        case .optional, .block: "(\(self.type(type)))"
        default: self.type(type)
        }
    }

    /// Parameter names that are Lua names, none twice, each the noun of its selector part.
    static func parameterNames(_ names: [String], count: Int) -> [String] {
        var used: Set<String> = ["self"]
        return (0..<count).map { index in
            var name = index < names.count ? argumentName(names[index]) : "argument\(index + 1)"
            name = String(
                name.unicodeScalars.filter {
                    $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
                })
            if name.isEmpty || reserved.contains(name) || name.first?.isNumber == true { name += "_" }
            while !used.insert(name).inserted { name += "_" }
            return name
        }
    }

    /// What a selector part says its argument is, as Objective-C headers name it: the words
    /// after its last preposition (`atIndex`: index, `initWithFrame`: frame), else after its
    /// verb (`addSubview`: subview, `setContentHuggingPriority`: contentHuggingPriority); any
    /// other part (`collectionView`, `animated`) names itself.
    static func argumentName(_ part: String) -> String {
        var words: [String] = []
        for character in part {
            if character.isUppercase || words.isEmpty { words.append("") }
            words[words.count - 1].append(character)
        }
        let noun: ArraySlice<String>
        if let last = words.lastIndex(where: { prepositions.contains($0.lowercased()) }), last + 1 < words.count {
            noun = words[(last + 1)...]
        } else if words.count > 1, verbs.contains(words[0]) {
            noun = words.dropFirst()
        } else {
            return part
        }
        let joined = noun.joined()
        let name = (joined.first?.lowercased() ?? "") + joined.dropFirst()
        return reserved.contains(name) ? part : name
    }

    /// The verbs selector parts start with, before the argument's noun.
    private static let verbs: Set<String> = [
        "add", "insert", "remove", "set", "init", "new", "convert", "is", "activate", "deactivate", "invalidate",
        "register", "dequeue", "scroll", "select", "deselect", "perform", "reload", "delete", "move", "bring", "send",
        "exchange", "apply", "draw", "append", "fill", "stroke", "present", "dismiss", "push", "pop", "show", "make",
        "update", "contains", "begin", "end", "enumerate", "filter", "sort", "replace", "post", "observe",
    ]

    private static let prepositions: Set<String> = [
        "with", "to", "for", "at", "from", "in", "of", "by", "on", "after", "before", "using", "named", "into",
    ]

    private static func key(_ name: String) -> String {
        reserved.contains(name) ? "[\"\(name)\"]" : name
    }

    private static let reserved: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function",
        "goto", "if", "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]
}
