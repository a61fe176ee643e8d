import Foundation
import HeadlessUI
import Testing

@testable import Preview

/// The page's fixed parts travel once, in the page itself, not with every state.
@Suite struct PreviewPageTests {
    @Test func theTextSizesAreInThePageAndNotInEachState() throws {
        let page = PreviewPage.html(current: nil, inputToken: nil)
        let names = ContentSizeCategory.allCases.map { "\"\($0.name)\"" }.joined(separator: ",")
        #expect(page.contains("const contentSizes = [\(names)];"), "the page names every text size")
        let state = PreviewState(
            project: "P", screens: [], knobs: [], recording: false, files: [], warnings: [], lastReload: nil)
        let json = String(decoding: try JSONEncoder().encode(state), as: UTF8.self)
        #expect(!json.contains("xSmall"), "a state carries no text sizes: \(json)")
    }
}
