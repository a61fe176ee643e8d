import Foundation
import ObjectBridge

struct SupplementaryKey: Hashable {
    let kind: String
    let path: IndexPathValue
}
