import Foundation
import ObjectBridge

/// `UIContentSizeCategoryAdjusting`: a label, text field or text view whose Dynamic Type font
/// (`preferredFontForTextStyle`, or scaled by `UIFontMetrics`) follows the content size
/// category when `adjustsFontForContentSizeCategory` is set.
protocol ContentSizeAdjusting: View {
    var font: Font? { get set }
    var adjustsFontForContentSizeCategory: Bool { get set }
}

extension ContentSizeAdjusting {
    /// Its font for `category`, when it adjusts and its font follows Dynamic Type.
    func adjustFont(to category: ContentSizeCategory) {
        guard adjustsFontForContentSizeCategory, let adjusted = font?.adjusted(to: category) else { return }
        font = adjusted
    }

    /// `adjustsFontForContentSizeCategory`, for the script classes of the adopters.
    static func addAdjustingMember(_ c: NativeClassBuilder<Self>) {
        c.property(
            "adjustsFontForContentSizeCategory", get: { $0.adjustsFontForContentSizeCategory },
            set: { $0.adjustsFontForContentSizeCategory = $1 })
    }
}

extension UIEnvironment {
    public static let contentSizeCategoryNotification = "UIContentSizeCategoryDidChangeNotification"

    /// The user's text size, as they change it (`simulate.contentSizeCategory`): fonts that
    /// adjust and buttons' configurations follow it, `UIContentSizeCategoryDidChangeNotification`
    /// goes out, and the views hear `traitCollectionDidChange`, then lay out and draw again.
    public func setContentSizeCategory(_ category: ContentSizeCategory) throws {
        guard screen.profile.contentSizeCategory != category else { return }
        let windows = application.windows
        try changeDeviceTraits(of: windows, stoppingAtOverrides: false) {
            screen.setContentSizeCategory(category)
            for window in windows {
                var pending: [View] = [window]
                while let view = pending.popLast() {
                    (view as? any ContentSizeAdjusting)?.adjustFont(to: category)
                    (view as? Button)?.followContentSize(category)
                    pending += view.subviews
                }
            }
            try notificationCenter.post(
                NotificationObject(
                    name: Self.contentSizeCategoryNotification, object: application,
                    userInfo: AnyScriptValue(["UIContentSizeCategoryNewValueKey": category.constant])))
            for window in windows {
                window.setTreeNeedsLayout()
                window.setTreeNeedsDisplay()
            }
        }
    }
}
