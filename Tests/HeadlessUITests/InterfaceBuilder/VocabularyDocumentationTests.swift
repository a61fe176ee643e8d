import Foundation
import Testing

@testable import HeadlessUI

/// docs/interface-builder.md lists every part Rebound leaves out on purpose and every setting
/// it does not model, so that the page cannot drift from `IBVocabulary`.
@Suite struct VocabularyDocumentationTests {
    @Test func everyNameTheVocabularyLeavesOutIsDocumented() throws {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/interface-builder.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        let elements = IBVocabulary.editorElements.union(IBVocabulary.headlessElements)
        let names =
            IBVocabulary.editorAttributes.union(IBVocabulary.headlessAttributes)
            .union(IBVocabulary.unmodelledAttributes).union(IBVocabulary.headlessKeys)
            .union(IBVocabulary.unmodelledSettings.keys)
        let missing =
            elements.filter { !text.contains("`<\($0)>`") } + names.filter { !text.contains("`\($0)`") }
        #expect(missing.isEmpty, "not in docs/interface-builder.md: \(missing.sorted())")
    }
}
