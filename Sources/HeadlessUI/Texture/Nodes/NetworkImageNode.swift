import Foundation
import ObjectBridge

/// Texture's `ASNetworkImageNode`, headless: it loads its `URL` from the program's own files (a
/// file URL, such as the bundle's `URLForResource` gives). Any other URL is refused with an
/// error that names it: nothing reaches the network.
public final class NetworkImageNode: ImageNode {
    public override class var textureName: String { "ASNetworkImageNode" }

    let environment: UIEnvironment
    public private(set) var url: URLObject?
    /// Shown until the URL's image loads, and when it cannot.
    public var defaultImage: Image? {
        didSet { if url == nil || image == nil { image = defaultImage } }
    }
    @WeakObjectReference public var delegate: BridgeObject? = nil

    static let delegateProtocol = "ASNetworkImageNodeDelegate"

    init(environment: UIEnvironment) {
        self.environment = environment
        super.init()
    }

    /// Loads the image of `url`, then tells the delegate (`imageNode_didLoadImage`).
    public func setURL(_ url: URLObject?) throws {
        replaceOwned(self.url, with: url)
        self.url = url
        guard let url else {
            image = defaultImage
            return
        }
        guard url.url.isFileURL else {
            throw ScriptValueError(
                "ASNetworkImageNode loads the program's own files only (file URLs); \(url.url.absoluteString) "
                    + "would reach the network, which Rebound does not")
        }
        guard let file = try environment.programFile(url.url.path) else {
            throw ScriptValueError("ASNetworkImageNode: no image file \(url.url.path) in the program's files")
        }
        let loaded = try Image(contentsOfFile: file.path)
        image = loaded
        _ = try delegate?.ask(
            "imageNode_didLoadImage", of: Self.delegateProtocol, self, loaded, returning: AnyScriptValue.self)
    }
}
