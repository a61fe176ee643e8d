import Foundation
import ObjectBridge

/// `UITabBarItem`: what a tab shows, its title and image (a selected image when it has one),
/// a badge value, and a tag. A view controller's `tabBarItem` is made on first use with the
/// controller's title, as UIKit makes it.
public final class TabBarItem: BridgeObject {
    public var title: String? { didSet { changed?() } }
    public var image: Image? {
        didSet {
            replaceOwned(oldValue, with: image)
            changed?()
        }
    }
    public var selectedImage: Image? {
        didSet {
            replaceOwned(oldValue, with: selectedImage)
            changed?()
        }
    }
    /// The text of the red capsule over the image's top-right; an empty string draws the capsule
    /// alone, nil none.
    public var badgeValue: String? { didSet { changed?() } }
    /// The capsule's colour (`badgeColor`, iOS 10); nil for UIKit's system red.
    public var badgeColor: Color? {
        didSet {
            replaceOwned(oldValue, with: badgeColor)
            changed?()
        }
    }
    public var tag = 0
    /// The bar showing the item lays itself out again.
    var changed: (() -> Void)?

    init(title: String? = nil) {
        self.title = title
        super.init()
    }
}
