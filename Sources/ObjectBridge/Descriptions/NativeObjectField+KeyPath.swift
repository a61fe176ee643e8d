import LuaRuntime
@_spi(Reflection) import Swift

/// Finding the field behind a native property, for `__index` to read it straight from the
/// object's memory, without entering Swift.
///
/// It is found from the property's key path and checked against Swift's field metadata:
/// - the key path must name a stored field (`\Widget.alpha`). Swift makes one only for a
///   property it reads directly: `final`, or in a `final` class, without observers. Any other
///   key path shows as computed, and its property keeps its getter, since a subclass's
///   override or an accessor could stand between the field and its value;
/// - the class and its superclasses must have exactly one field of that name, of the key
///   path's value type, whose byte offset is then the field's.
extension NativeObjectField {
    /// The field `keyPath` reads, when it is one `__index` can read; nil otherwise.
    public init?<Root: AnyObject, Value>(_ keyPath: KeyPath<Root, Value>) {
        guard let kind = Self.kind(of: Value.self), let name = Self.fieldName(of: keyPath) else { return nil }
        var offsets: [Int] = []
        // `.classType`, which Swift 6 will not read: the standard library declares it a `var`.
        let classType = _EachFieldOptions(rawValue: 1 << 0)
        _ = _forEachField(of: Root.self, options: classType) { fieldName, offset, type, _ in
            if String(cString: fieldName) == name {
                offsets.append(ObjectIdentifier(type) == ObjectIdentifier(Value.self) ? offset : -1)
            }
            return true
        }
        guard offsets.count == 1, let offset = offsets.first, offset > 0 else { return nil }
        self.init(kind: kind, offset: offset)
    }

    private static func kind(of type: Any.Type) -> Kind? {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(Double.self): .double
        case ObjectIdentifier(Bool.self): .bool
        case ObjectIdentifier(Int.self): .integer
        default: nil
        }
    }

    /// The field a key path of one stored component names (its description is `\Root.name`).
    private static func fieldName<Root, Value>(of keyPath: KeyPath<Root, Value>) -> String? {
        let prefix = "\\\(Root.self)."
        let description = String(describing: keyPath)
        guard description.hasPrefix(prefix) else { return nil }
        let name = description.dropFirst(prefix.count)
        guard let first = name.first, first == "_" || first.isLetter,
            name.allSatisfy({ $0 == "_" || $0.isLetter || $0.isNumber })
        else { return nil }
        return String(name)
    }
}
