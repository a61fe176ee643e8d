import Foundation
import LuaRuntime

/// `NSIndexSet`: a sorted set of non-negative integers (sections to insert or delete).
public final class IndexSetObject: BridgeObject {
    public let indexes: [Int]

    public init(_ indexes: some Sequence<Int>) {
        self.indexes = Self.sortedUnique(indexes)
    }

    static func sortedUnique(_ indexes: some Sequence<Int>) -> [Int] {
        Array(Set(indexes)).sorted()
    }
}
