import HeadlessUI

/// The preview page: every device's screen side by side, scaled down together to fit the
/// window beside the panel of the program's files, an overlay over a screen whose last reload
/// failed. The state when the page was asked for is in the page itself, so it shows the screens
/// as it loads (a screenshot taken then has them); then it listens to `/events` (EventSource
/// reconnects by itself and sends the last event id back). What it shows is also kept in
/// `window.rebound` for tools that drive a browser.
enum PreviewPage {
    /// The page with `current` (the feed's latest update) in it, and the input channel's token
    /// when the screens take input.
    static func html(current: PreviewFeed.Update?, inputToken: String?) -> String {
        // In a script element, "<" is written as JSON's \u003c: no "</script>" can end it early.
        let state = current.map { $0.json.replacingOccurrences(of: "<", with: "\\u003c") } ?? "null"
        // In one pass over the template: what is put in (the program's text, in the state) is
        // never searched for the next placeholder.
        var page = ""
        for piece in pieces {
            switch piece {
            case .text(let text): page += text
            case .initialState: page += state
            case .initialEventID: page += current.map { String($0.id) } ?? "null"
            case .inputToken: page += inputToken.map { "\"\($0)\"" } ?? "null"
            }
        }
        return page
    }

    /// The template cut at its placeholders.
    private enum Piece {
        case text(Substring)
        case initialState, initialEventID, inputToken
    }

    private static let pieces: [Piece] = {
        let slots: [(name: String, piece: Piece)] = [
            ("INITIAL_STATE", .initialState), ("INITIAL_EVENT_ID", .initialEventID), ("INPUT_TOKEN", .inputToken),
        ]
        var pieces: [Piece] = []
        var rest = template[...]
        while let (range, piece) = slots.compactMap({ slot in rest.range(of: slot.name).map { ($0, slot.piece) } })
            .min(by: { $0.0.lowerBound < $1.0.lowerBound })
        {
            pieces += [.text(rest[..<range.lowerBound]), piece]
            rest = rest[range.upperBound...]
        }
        return pieces + [.text(rest)]
    }()

    /// The page's files (`Page/`), the stylesheet and the script put into the HTML, and the
    /// text sizes into the script.
    private static let template: String = {
        let html = String(decoding: PackageResources.preview_html, as: UTF8.self)
        let css = String(decoding: PackageResources.preview_css, as: UTF8.self)
        // The text sizes are fixed: the page gets them once, not with every state.
        let sizes = "[" + ContentSizeCategory.allCases.map { "\"\($0.name)\"" }.joined(separator: ",") + "]"
        let script = String(decoding: PackageResources.preview_js, as: UTF8.self)
            .replacingOccurrences(of: "CONTENT_SIZES", with: sizes)
        return html.replacingOccurrences(of: "STYLESHEET", with: css).replacingOccurrences(
            of: "PAGE_SCRIPT", with: script)
    }()
}
