import CLuaShim

/// `object as? T`, first by walking the class chain: every receiver check goes through here, and
/// a generic dynamic cast costs more than the rest of a property read.
@inlinable
func downcast<T: AnyObject>(_ object: AnyObject, to type: T.Type) -> T? {
    if isClass(Swift.type(of: object), subclassOf: type) { return unsafeDowncast(object, to: type) }
    return object as? T  // protocol types and other non-class targets
}

/// Whether `cls` is `target` or one of its subclasses (false when `target` is not a class).
@inlinable
func isClass<T: AnyObject>(_ cls: AnyClass, subclassOf target: T.Type) -> Bool {
    let wanted = ObjectIdentifier(target)
    var candidate: AnyClass? = cls
    while let current = candidate {
        if ObjectIdentifier(current) == wanted { return true }
        candidate = _getSuperclass(current)
    }
    return false
}
