import LuaRuntime

/// A native array (`NSArray`): `#array`, `array[i]` from 1, and `for x in array do`. Its
/// subclass `MutableArrayObject` (`NSMutableArray`) changes.
public class ArrayObject: BridgeObject {
    /// The longest Lua sequence accepted where an array is expected.
    public static let maximumCount = 10_000_000

    public internal(set) var elements: [any ScriptConvertible]
    /// The index `for x in array do` returned last (the loop passes back the element, not the
    /// index, so the array remembers where it is).
    var cursor = 0

    public required init(_ elements: [any ScriptConvertible]) {
        self.elements = elements
    }

    /// An array a script made, which owns its objects (an array native code hands out does not:
    /// they live where they came from).
    static func holding(_ elements: [any ScriptConvertible]) -> Self {
        let array = Self(elements)
        for element in elements { array.hold(element) }
        return array
    }

    /// Where a loop goes on after the element `isPrevious` picks: after the cursor when it is
    /// there (the usual case), else after the first such element (the array is looped over in
    /// more than one place at once), else after the cursor.
    func index(after isPrevious: (any ScriptConvertible) -> Bool) -> Int {
        if elements.indices.contains(cursor) && isPrevious(elements[cursor]) { return cursor + 1 }
        return (elements.firstIndex(where: isPrevious) ?? cursor) + 1
    }
}
