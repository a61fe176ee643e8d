/// The public classes of UIKit and Texture that apps reach, by name: what the reference
/// compares the registry with, to say which exist in Rebound and which do not yet. UIKit's are
/// those its umbrella header's headers declare (iOS 13) and the ones iOS 14 to 17 added for
/// collection views, configurations, menus and sheets; deprecated classes that were replaced
/// (`UIWebView`, `UIAlertView`, `UIActionSheet`, `UIPopoverController`) are left out.
/// Texture's are its nodes, layout specs, layout types and controllers
/// (TextureGroup/Texture, `Source/`).
enum FrameworkCatalog {
    static let uiKit: [String] = [
        "NSCollectionLayoutAnchor", "NSCollectionLayoutBoundarySupplementaryItem",
        "NSCollectionLayoutDecorationItem", "NSCollectionLayoutDimension", "NSCollectionLayoutEdgeSpacing",
        "NSCollectionLayoutGroup", "NSCollectionLayoutGroupCustomItem", "NSCollectionLayoutItem",
        "NSCollectionLayoutSection", "NSCollectionLayoutSize", "NSCollectionLayoutSpacing",
        "NSCollectionLayoutSupplementaryItem", "NSDataAsset", "NSDiffableDataSourceSectionSnapshot",
        "NSDiffableDataSourceSnapshot", "NSLayoutAnchor", "NSLayoutConstraint", "NSLayoutDimension",
        "NSLayoutManager", "NSLayoutXAxisAnchor", "NSLayoutYAxisAnchor", "NSMutableParagraphStyle",
        "NSParagraphStyle", "NSShadow", "NSTextAttachment", "NSTextContainer", "NSTextStorage",
        "UIAccessibilityCustomAction", "UIAccessibilityElement", "UIAction", "UIActivityIndicatorView",
        "UIActivityViewController", "UIAlertAction", "UIAlertController", "UIApplication",
        "UIApplicationShortcutItem", "UIAttachmentBehavior", "UIBackgroundConfiguration", "UIBarAppearance",
        "UIBarButtonItem", "UIBarButtonItemAppearance", "UIBarButtonItemGroup", "UIBarItem", "UIBezierPath",
        "UIBlurEffect", "UIButton", "UIButtonConfiguration", "UICellAccessory", "UICollectionLayoutListConfiguration",
        "UICollectionReusableView", "UICollectionView", "UICollectionViewCell",
        "UICollectionViewCompositionalLayout", "UICollectionViewCompositionalLayoutConfiguration",
        "UICollectionViewController", "UICollectionViewDiffableDataSource", "UICollectionViewFlowLayout",
        "UICollectionViewFlowLayoutInvalidationContext", "UICollectionViewLayout",
        "UICollectionViewLayoutAttributes", "UICollectionViewLayoutInvalidationContext", "UICollectionViewListCell",
        "UICollectionViewTransitionLayout", "UICollisionBehavior", "UIColor", "UIColorPickerViewController",
        "UIColorWell", "UICommand", "UIContentUnavailableConfiguration", "UIContextMenuConfiguration",
        "UIContextMenuInteraction", "UIContextualAction", "UIControl", "UIDatePicker", "UIDevice",
        "UIDocumentPickerViewController", "UIDragInteraction", "UIDropInteraction", "UIDynamicAnimator",
        "UIDynamicItemBehavior", "UIEvent", "UIFeedbackGenerator", "UIFocusGuide", "UIFont", "UIFontDescriptor",
        "UIFontMetrics", "UIFontPickerViewController", "UIGestureRecognizer", "UIGraphicsImageRenderer",
        "UIGraphicsImageRendererFormat", "UIGraphicsPDFRenderer", "UIGravityBehavior", "UIHoverGestureRecognizer",
        "UIImage", "UIImageConfiguration", "UIImagePickerController", "UIImageSymbolConfiguration", "UIImageView",
        "UIImpactFeedbackGenerator", "UIInputView", "UIInputViewController", "UIKeyCommand", "UILabel",
        "UILayoutGuide", "UIListContentConfiguration", "UILongPressGestureRecognizer", "UIMenu", "UIMenuController",
        "UIMotionEffect", "UINavigationBar", "UINavigationBarAppearance", "UINavigationController",
        "UINavigationItem", "UINib", "UINotificationFeedbackGenerator", "UIPageControl", "UIPageViewController",
        "UIPanGestureRecognizer", "UIPasteboard", "UIPickerView", "UIPinchGestureRecognizer",
        "UIPointerInteraction", "UIPopoverPresentationController", "UIPresentationController", "UIPress",
        "UIPrintInteractionController", "UIProgressView", "UIPushBehavior", "UIRefreshControl", "UIResponder",
        "UIRotationGestureRecognizer", "UIScene", "UIScreen", "UIScreenEdgePanGestureRecognizer", "UIScrollView",
        "UISearchBar", "UISearchController", "UISearchTextField", "UISegmentedControl",
        "UISelectionFeedbackGenerator", "UISheetPresentationController", "UISlider", "UISnapBehavior",
        "UISplitViewController", "UISpringTimingParameters", "UIStackView", "UIStatusBarManager", "UIStepper",
        "UIStoryboard", "UIStoryboardSegue", "UISwipeActionsConfiguration", "UISwipeGestureRecognizer", "UISwitch",
        "UITabBar", "UITabBarAppearance", "UITabBarController", "UITabBarItem", "UITableView", "UITableViewCell",
        "UITableViewController", "UITableViewDiffableDataSource", "UITableViewHeaderFooterView",
        "UITapGestureRecognizer", "UITargetedPreview", "UITextChecker", "UITextField", "UITextView", "UIToolbar",
        "UIToolbarAppearance", "UITouch", "UITraitCollection", "UIVibrancyEffect", "UIView", "UIViewController",
        "UIViewPropertyAnimator", "UIVisualEffect", "UIVisualEffectView", "UIWindow", "UIWindowScene",
    ]

    static let texture: [String] = [
        "ASAbsoluteLayoutSpec", "ASBackgroundLayoutSpec", "ASBatchContext", "ASButtonNode", "ASCellNode",
        "ASCenterLayoutSpec", "ASCollectionNode", "ASCollectionView", "ASCollectionViewFlowLayoutInspector",
        "ASControlNode", "ASCornerLayoutSpec", "ASDKNavigationController", "ASDKViewController", "ASDisplayNode",
        "ASEditableTextNode", "ASImageNode", "ASInsetLayoutSpec", "ASLayout", "ASLayoutElementStyle",
        "ASLayoutSpec", "ASMapNode", "ASMultiplexImageNode", "ASNetworkImageNode", "ASNodeController",
        "ASOverlayLayoutSpec", "ASPagerFlowLayout", "ASPagerNode", "ASRatioLayoutSpec", "ASRelativeLayoutSpec",
        "ASScrollNode", "ASStackLayoutSpec", "ASTabBarController", "ASTableNode", "ASTableView", "ASTextCellNode",
        "ASTextNode", "ASTextNode2", "ASVideoNode", "ASVideoPlayerNode", "ASWrapperLayoutSpec",
    ]
}
