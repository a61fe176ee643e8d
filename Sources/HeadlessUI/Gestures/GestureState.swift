import Foundation
import ObjectBridge

/// `UIGestureRecognizerState`.
public enum GestureState: Int, Sendable {
    case possible = 0
    case began, changed, ended, cancelled, failed

    static let members: [(String, Int)] = [
        ("Possible", 0), ("Began", 1), ("Changed", 2), ("Ended", 3), ("Cancelled", 4), ("Failed", 5), ("Recognized", 3),
    ]

    var isActive: Bool { self == .began || self == .changed }
    var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }
}
