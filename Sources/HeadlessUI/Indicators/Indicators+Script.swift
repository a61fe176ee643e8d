import Foundation
import ObjectBridge

/// Scripts' view of the indicators: UIPageControl, UIProgressView and UIActivityIndicatorView.
enum IndicatorsScript {
    static func nativeClasses(_ environment: UIEnvironment) -> [NativeClass] {
        [pageControl(environment), progressView(environment), activityIndicator(environment)]
    }

    static func pageControl(_ environment: UIEnvironment) -> NativeClass {
        NativeClass(
            "UIPageControl", superclass: "UIControl", type: PageControl.self,
            allocate: { PageControl(touches: environment.touches) }
        ) { c in
            c.property("numberOfPages", get: { $0.numberOfPages }, set: { try $0.setNumberOfPages($1) })
            c.property("currentPage", get: { $0.currentPage }, set: { $0.setCurrentPage($1) })
            c.property("hidesForSinglePage", get: { $0.hidesForSinglePage }, set: { $0.hidesForSinglePage = $1 })
            c.property(
                "pageIndicatorTintColor", get: { $0.pageIndicatorTintColor }, set: { $0.pageIndicatorTintColor = $1 })
            c.property(
                "currentPageIndicatorTintColor", get: { $0.currentPageIndicatorTintColor },
                set: { $0.currentPageIndicatorTintColor = $1 })
            c.method("sizeForNumberOfPages") { (_: PageControl, count: Int) in
                PageControl.size(forPages: max(0, min(count, 10_000)))
            }
        }
    }

    static func progressView(_ environment: UIEnvironment) -> NativeClass {
        NativeClass(
            "UIProgressView", superclass: "UIView", type: ProgressView.self,
            allocate: { ProgressView(clock: environment.clock) }
        ) { c in
            c.method("initWithProgressViewStyle", overridable: true) {
                (view: ProgressView, style: Int) -> ProgressView in
                view.progressViewStyle = try Control.Script.choice(style, below: 2, "progressViewStyle")
                return view
            }
            c.property(
                "progress", get: { $0.progress },
                set: { $0.setProgress(try GeometryCheck.finite($1, "progress"), animated: false) })
            c.method("setProgress_animated") { (view: ProgressView, progress: Double, animated: Bool) in
                view.setProgress(try GeometryCheck.finite(progress, "progress"), animated: animated)
            }
            c.property("progressTintColor", get: { $0.progressTintColor }, set: { $0.progressTintColor = $1 })
            c.property("trackTintColor", get: { $0.trackTintColor }, set: { $0.trackTintColor = $1 })
            c.property(
                "progressViewStyle", get: { $0.progressViewStyle },
                set: { $0.progressViewStyle = try Control.Script.choice($1, below: 2, "progressViewStyle") })
            c.enumeration(
                cType: "UIProgressViewStyle", constants: "UIProgressViewStyle", module: "UIKit.UIProgressView",
                aliases: ["Style"], [("Default", 0), ("Bar", 1)])
        }
    }

    static func activityIndicator(_ environment: UIEnvironment) -> NativeClass {
        func style(_ value: Int) throws -> Int {
            guard ActivityIndicatorView.styles.contains(value) else {
                throw ScriptValueError(
                    "\(value) is not a UIActivityIndicatorViewStyle (medium 100, large 101; the old whiteLarge 0, white 1, gray 2)"
                )
            }
            return value
        }
        return NativeClass(
            "UIActivityIndicatorView", superclass: "UIView", type: ActivityIndicatorView.self,
            allocate: { ActivityIndicatorView(clock: environment.clock) }
        ) { c in
            c.method("initWithActivityIndicatorStyle", overridable: true) {
                (view: ActivityIndicatorView, value: Int) -> ActivityIndicatorView in
                view.setStyle(try style(value))
                return view
            }
            c.property("activityIndicatorViewStyle", get: { $0.style }, set: { $0.setStyle(try style($1)) })
            c.property("color", get: { $0.color }, set: { $0.color = $1 })
            c.property("hidesWhenStopped", get: { $0.hidesWhenStopped }, set: { $0.hidesWhenStopped = $1 })
            c.method("startAnimating") { (view: ActivityIndicatorView) in view.startAnimating() }
            c.method("stopAnimating") { (view: ActivityIndicatorView) in view.stopAnimating() }
            c.property("animating") { (view: ActivityIndicatorView) in view.isAnimating }
            c.enumeration(
                cType: "UIActivityIndicatorViewStyle", constants: "UIActivityIndicatorViewStyle",
                module: "UIKit.UIActivityIndicatorView", aliases: ["Style"],
                [("WhiteLarge", 0), ("White", 1), ("Gray", 2), ("Medium", 100), ("Large", 101)])
        }
    }
}

extension IndicatorsScript: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { nativeClasses(environment) }
}
