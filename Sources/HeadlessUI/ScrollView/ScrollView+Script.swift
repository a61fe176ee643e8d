import Foundation
import ObjectBridge

extension ScrollView {
    /// Scripts' view of `ScrollView`: UIScrollView and UIScrollViewDelegate.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UIScrollView", superclass: "UIView", type: ScrollView.self,
                allocate: { ScrollView(touches: environment.touches) }
            ) { c in
                c.property(
                    "contentOffset", get: { $0.contentOffset },
                    set: {
                        try $0.setContentOffset(try GeometryCheck.point($1, "contentOffset"), animated: false)
                    })
                c.method("setContentOffset_animated") { (view: ScrollView, offset: CGPoint, animated: Bool) in
                    try view.setContentOffset(try GeometryCheck.point(offset, "contentOffset"), animated: animated)
                }
                c.property(
                    "contentSize", get: { $0.contentSize },
                    set: { $0.contentSize = try GeometryCheck.size($1, "contentSize") })
                c.property(
                    "contentInset", get: { $0.contentInset },
                    set: { $0.contentInset = try GeometryCheck.insets($1, "contentInset") })
                c.property("adjustedContentInset") { (view: ScrollView) in view.adjustedContentInset }
                c.property(
                    "contentInsetAdjustmentBehavior", get: { $0.contentInsetAdjustmentBehavior },
                    set: { view, behavior in
                        guard (0...3).contains(behavior) else {
                            throw ScriptValueError("contentInsetAdjustmentBehavior must be 0 to 3, got \(behavior)")
                        }
                        view.contentInsetAdjustmentBehavior = behavior
                        view.setNeedsLayout()
                    })
                c.property("scrollEnabled", get: { $0.isScrollEnabled }, set: { $0.isScrollEnabled = $1 })
                c.property("bounces", get: { $0.bounces }, set: { $0.bounces = $1 })
                c.property(
                    "keyboardDismissMode", get: { $0.keyboardDismissMode },
                    set: { scrollView, mode in
                        scrollView.keyboardDismissMode = try Control.Script.choice(
                            mode, below: 5, "keyboardDismissMode")
                    })
                c.property(
                    "alwaysBounceVertical", get: { $0.alwaysBounceVertical }, set: { $0.alwaysBounceVertical = $1 })
                c.property(
                    "alwaysBounceHorizontal", get: { $0.alwaysBounceHorizontal },
                    set: { $0.alwaysBounceHorizontal = $1 })
                c.property("pagingEnabled", get: { $0.isPagingEnabled }, set: { $0.isPagingEnabled = $1 })
                c.property(
                    "decelerationRate", get: { $0.decelerationRate },
                    set: { view, rate in
                        guard rate > 0, rate < 1 else {
                            throw ScriptValueError("decelerationRate must be between 0 and 1, got \(rate)")
                        }
                        view.decelerationRate = rate
                    })
                c.property("scrollsToTop", get: { $0.scrollsToTop }, set: { $0.scrollsToTop = $1 })
                c.property(
                    "showsVerticalScrollIndicator", get: { $0.showsVerticalScrollIndicator },
                    set: { $0.showsVerticalScrollIndicator = $1 })
                c.property(
                    "showsHorizontalScrollIndicator", get: { $0.showsHorizontalScrollIndicator },
                    set: { $0.showsHorizontalScrollIndicator = $1 })
                c.property("dragging") { (view: ScrollView) in view.isDragging }
                c.property("decelerating") { (view: ScrollView) in view.isDecelerating }
                c.property("tracking") { (view: ScrollView) in view.panGestureRecognizer.state.isActive }
                c.property("panGestureRecognizer") { (view: ScrollView) in
                    view.panGestureRecognizer as GestureRecognizer
                }
                c.property("delegate", get: { $0.delegate }, set: { $0.delegate = $1 })
                c.property("refreshControl", get: { $0.refreshControl }, set: { try $0.setRefreshControl($1) })
                zooming(c)
            }
        }

        private static func zooming(_ c: NativeClassBuilder<ScrollView>) {
            func scale(_ value: Double, _ what: String) throws -> Double {
                guard value.isFinite, value > 0 else { throw ScriptValueError("\(what) must be above 0, got \(value)") }
                return value
            }
            c.property(
                "minimumZoomScale", get: { $0.zoom.minimumScale },
                set: { $0.zoom.minimumScale = try scale($1, "minimumZoomScale") })
            c.property(
                "maximumZoomScale", get: { $0.zoom.maximumScale },
                set: { $0.zoom.maximumScale = try scale($1, "maximumZoomScale") })
            c.property(
                "zoomScale", get: { $0.zoom.scale },
                set: { try $0.setZoomScale(try scale($1, "zoomScale"), animated: false) })
            c.method("setZoomScale_animated") { (view: ScrollView, value: Double, animated: Bool) in
                try view.setZoomScale(try scale(value, "zoomScale"), animated: animated)
            }
            c.method("zoomToRect_animated") { (view: ScrollView, rect: CGRect, animated: Bool) in
                try view.zoom(to: try GeometryCheck.rect(rect, "rect"), animated: animated)
            }
            c.property("bouncesZoom", get: { $0.zoom.bounces }, set: { $0.zoom.bounces = $1 })
            c.property("zooming") { (view: ScrollView) in view.zoom.isZooming }
            c.property("zoomBouncing") { (view: ScrollView) in
                if case .zooming = view.motion { return !view.zoom.isZooming }
                return false
            }
            // Nil while zooming is off, as UIKit's.
            c.property("pinchGestureRecognizer") { (view: ScrollView) in
                view.zoom.isEnabled ? view.pinchGestureRecognizer as GestureRecognizer : nil
            }
        }

        static func refreshControlClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UIRefreshControl", superclass: "UIControl", type: RefreshControl.self,
                allocate: { RefreshControl(touches: environment.touches, engine: environment.text) }
            ) { c in
                c.method("beginRefreshing") { (control: RefreshControl) in control.beginRefreshing() }
                c.method("endRefreshing") { (control: RefreshControl) in try control.endRefreshing() }
                c.property("refreshing") { (control: RefreshControl) in control.isRefreshing }
                c.property("attributedTitle", get: { $0.title }, set: { $0.title = $1 })
                // The spinner takes the tint, as UIKit's does.
                c.property(
                    "tintColor", get: { control -> Color? in control.spinner.color ?? control.tintColor },
                    set: { control, color in
                        control.ownTintColor = color
                        control.spinner.color = color
                    })
            }
        }

        /// UIScrollView.h's constants.
        static var module: BindingModule {
            BindingModule(
                "UIKit.UIScrollView",
                [
                    ("UIScrollViewDecelerationRateNormal", .constant(ScrollMotion.normalRate)),
                    ("UIScrollViewDecelerationRateFast", .constant(ScrollMotion.fastRate)),
                ])
        }

        /// The delegate's protocol, which the collection view's delegate inherits.
        static let protocols = [
            ProtocolDescription(
                ScrollView.delegateProtocol,
                optional: [
                    "scrollViewDidScroll", "scrollViewWillBeginDragging",
                    "scrollViewWillEndDragging_withVelocity_targetContentOffset",
                    "scrollViewDidEndDragging_willDecelerate", "scrollViewWillBeginDecelerating",
                    "scrollViewDidEndDecelerating",
                    "scrollViewDidEndScrollingAnimation", "viewForZoomingInScrollView", "scrollViewDidZoom",
                    "scrollViewWillBeginZooming_withView", "scrollViewDidEndZooming_withView_atScale",
                ])
        ]
    }
}

extension ScrollView.Script: WorldClasses {
    static var worldProtocols: [ProtocolDescription] { protocols }
    static func worldModules(_: UIEnvironment) -> [BindingModule] { [module] }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] {
        [nativeClass(environment)] + [refreshControlClass(environment)]
    }
}
