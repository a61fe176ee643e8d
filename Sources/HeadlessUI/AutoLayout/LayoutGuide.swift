import Foundation
import ObjectBridge

/// `UILayoutGuide`: a rectangle of its owning view's that constraints place, as they place a
/// view, without a view in the tree.
public final class LayoutGuide: BridgeObject, LayoutItem {
    /// A guide scripts add, or one a view keeps to its margins or its safe area.
    enum Kind {
        case custom, margins, safeArea
        /// A controller's `topLayoutGuide` and `bottomLayoutGuide` (iOS 7 to 10): the strips
        /// of its view above and below the safe area.
        case top, bottom
    }

    let kind: Kind
    @WeakObjectReference public internal(set) var owningView: View? = nil
    public var identifier = ""
    /// The rectangle the engine gave it last, in the owning view's bounds coordinates.
    public internal(set) var layoutFrame = CGRect.zero

    init(kind: Kind = .custom) {
        self.kind = kind
    }

    public var layoutContainer: View? { owningView }
    public var baselinesFromCenter: (first: Double, last: Double)? { nil }
    public var layoutMarginInsets: UIEdgeInsets { .zero }
    public var layoutName: String { "UILayoutGuide:\(LayoutConstraint.address(of: self)) '\(identifier)'" }
}

extension View {
    /// `layoutMarginsGuide`, `safeAreaLayoutGuide`, or a controller's top or bottom layout
    /// guide, made when first asked for.
    func systemGuide(_ kind: LayoutGuide.Kind) -> LayoutGuide {
        if let known = autoLayout?.guides.first(where: { $0.kind == kind }) { return known }
        let guide = LayoutGuide(kind: kind)
        guide.identifier =
            switch kind {
            case .margins: "UIViewLayoutMarginsGuide"
            case .safeArea: "UIViewSafeAreaLayoutGuide"
            case .top: "_UILayoutGuide top"
            case .bottom: "_UILayoutGuide bottom"
            case .custom: ""
            }
        addLayoutGuide(guide)
        return guide
    }

    /// The insets of the screen's safe area over this view: the status bar, a navigation bar
    /// over it, the home indicator (`DeviceProfile.homeIndicatorHeight`), and a tab bar over it.
    var safeAreaInsets: UIEdgeInsets {
        guard let window else { return .zero }
        let screen = window.application.screen.profile
        var top = window.application.statusBarFrame.height
        var bottom = screen.homeIndicatorHeight
        var ancestor: View? = self
        while let view = ancestor {
            if let navigation = view.viewController?.navigationController, !navigation.isNavigationBarHidden {
                top = max(top, navigation.barBottom)
            }
            if let tabs = view.viewController?.tabBarController, !tabs.tabBar.isHidden {
                bottom = max(bottom, tabs.barHeight)
            }
            ancestor = view.superview
        }
        let frame = (try? convert(bounds, to: nil)) ?? bounds
        return UIEdgeInsets(
            top: max(0, top - frame.minY), left: 0,
            bottom: max(0, frame.maxY - (window.bounds.height - bottom)), right: 0)
    }
    /// `addLayoutGuide`: the view owns the guide.
    func addLayoutGuide(_ guide: LayoutGuide) {
        guard guide.owningView !== self else { return }
        guide.owningView?.removeLayoutGuide(guide)
        autoLayoutState.guides.append(guide)
        adopt(guide)
        guide.owningView = self
        autoLayoutChanged()
    }

    func removeLayoutGuide(_ guide: LayoutGuide) {
        guard let index = autoLayout?.guides.firstIndex(where: { $0 === guide }) else { return }
        autoLayout?.guides.remove(at: index)
        guide.owningView = nil
        abandon(guide)
        autoLayoutChanged()
    }
}
