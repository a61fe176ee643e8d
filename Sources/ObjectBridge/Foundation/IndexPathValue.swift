import LuaRuntime

/// An index path (`NSIndexPath`): `section` and `item` (also `row`).
public struct IndexPathValue: ScriptValueObject, Hashable, Comparable {
    public static var className: String { "NSIndexPath" }

    public let item: Int
    public let section: Int

    public init(item: Int, section: Int) {
        self.item = item
        self.section = section
    }

    /// An index path from a script: NSIndexPath's indexes are unsigned, so negatives are refused
    /// here, and everything that indexes with a path may rely on that.
    init(checkedItem item: Int, section: Int) throws {
        guard item >= 0, section >= 0 else {
            throw ScriptValueError(
                "an index path's item and section must be from 0, got item \(item), section \(section)")
        }
        self.init(item: item, section: section)
    }

    public static func < (lhs: IndexPathValue, rhs: IndexPathValue) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }
}
