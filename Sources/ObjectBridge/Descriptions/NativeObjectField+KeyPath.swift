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
        guard let kind = Self.kind(of: Value.self), let name = Self.fieldName(of: keyPath),
            let offset = Self.offset(ofField: name, in: Root.self, type: Value.self)
        else { return nil }
        self.init(kind: kind, offset: offset)
    }

    /// The number or Boolean in the stored field `name` of `Root`. Reading it without Swift is
    /// right even when the property has observers or a private setter: only writes run them.
    public init?<Root: AnyObject, Value>(plain name: String, of _: Root.Type, as _: Value.Type) {
        guard let kind = Self.kind(of: Value.self),
            let offset = Self.offset(ofField: name, in: Root.self, type: Value.self)
        else { return nil }
        self.init(kind: kind, offset: offset)
    }

    /// The record in the stored field `name` of `Root`, when it holds `Value`'s numbers as
    /// Doubles in the order of `shape`'s (`Value`'s `fieldNames`), and nothing else. Reading it
    /// without Swift is right even when the property has observers or a private setter: only
    /// writes run them.
    public init?<Root: AnyObject, Value: ScriptStruct>(
        record name: String, of _: Root.Type, as _: Value.Type, shape: LuaRecordShape
    ) {
        guard shape.leafCount == Value.fieldNames.count,
            let offset = Self.offset(ofField: name, in: Root.self, type: Value.self),
            Self.holdsDoublesInOrder(Value.self, count: shape.leafCount)
        else { return nil }
        self.init(kind: .record(shape), offset: offset)
    }

    /// The reference to a native object in the stored field `name` of `Root`, a strong or an
    /// `unowned(unsafe)` one (a weak one is not a pointer: whoever names the field vouches for
    /// that), to a `Target` or nil.
    public init?<Root: AnyObject, Target: BridgeObject>(reference name: String, of _: Root.Type, to _: Target.Type) {
        guard
            let offset = Self.offset(ofField: name, in: Root.self, type: Target?.self)
                ?? Self.offset(ofField: name, in: Root.self, type: Target.self),
            let slotOffset = Self.offset(ofField: "luaSlot", in: BridgeObject.self, type: Int32.self)
        else { return nil }
        self.init(kind: .object(slotOffset: slotOffset), offset: offset)
    }

    /// The byte offset of the one field named `name` of `Root` and its superclasses, when it
    /// is of type `type`.
    static func offset(ofField name: String, in root: AnyObject.Type, type: Any.Type) -> Int? {
        var offsets: [Int] = []
        // `.classType`, which Swift 6 will not read: the standard library declares it a `var`.
        let classType = _EachFieldOptions(rawValue: 1 << 0)
        _ = _forEachField(of: root, options: classType) { fieldName, offset, fieldType, _ in
            if String(cString: fieldName) == name {
                offsets.append(ObjectIdentifier(fieldType) == ObjectIdentifier(type) ? offset : -1)
            }
            return true
        }
        guard offsets.count == 1, let offset = offsets.first, offset > 0 else { return nil }
        return offset
    }

    /// Whether a `Value` is `count` Doubles, its fields in order: one made from 1, 2, 3, ...
    /// holds those numbers in its memory.
    static func holdsDoublesInOrder<Value: ScriptStruct>(_: Value.Type, count: Int) -> Bool {
        guard MemoryLayout<Value>.size == count * MemoryLayout<Double>.stride else { return false }
        var numbers = (1...max(count, 1)).map(Double.init)
        let value = numbers.withUnsafeMutableBufferPointer { Value(constructorValues: $0) }
        let stored = withUnsafeBytes(of: value) { bytes in
            (0..<count).map { bytes.load(fromByteOffset: $0 * MemoryLayout<Double>.stride, as: Double.self) }
        }
        return stored == Array(numbers.prefix(count))
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
