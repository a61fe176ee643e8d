import Foundation
import HeadlessUI
import LiveHost
import LiveTestSupport
import LuaRuntime
import Testing

/// A project written the CodeFlow way, run live: `class.createClass`, `declareSetters`,
/// `publishActionMethod`, the global `getResource`, `for x in array do`, properties called as
/// methods, and the SDK binding modules by header.
@Suite(.serialized) struct CodeFlowProjectTests {
    static let controller = """
        local TiltLayout = require "TiltLayout"
        local WordCell = require "WordCell"
        local NsString = require "Foundation.NSString"
        local NsRange = require "Foundation.NSRange"
        local NsAttributedString = require "UIKit.NSAttributedString"
        local UiGestureRecognizer = require "UIKit.UIGestureRecognizer"
        local UiCollectionView = require "UIKit.UICollectionView"
        local UiGeometry = require "UIKit.UIGeometry"
        local UiColor, UiFont, UiImage = require "UIKit.UIColor", require "UIKit.UIFont", require "UIKit.UIImage"

        local UICollectionViewController = objc.UICollectionViewController
        local Gallery = class.createClass("Gallery", UICollectionViewController)

        function Gallery:init()
            self[UICollectionViewController]:initWithCollectionViewLayout(TiltLayout:new())
        end

        function Gallery:viewDidLoad()
            self:collectionView():registerClass_forCellWithReuseIdentifier(WordCell, "WORD")
            self:addMessageHandler("system.did_load_module", "refresh")
            self:configure()
        end

        function Gallery:configure()
            local collectionView = self:collectionView()
            collectionView:setBackgroundColor(objc.UIColor:blackColor())
            collectionView:collectionViewLayout():setItemSize(struct.CGSize(80, 40))
            if self.tap == nil then
                self.tap = objc.UITapGestureRecognizer:newWithTarget_action(self, "handleTap")
                collectionView:addGestureRecognizer(self.tap)
            end
            if self.words == nil then getResource("words", "public.text", self, "wordsText") end
            self.palette = getResource("data.palette", "public.json")
        end

        function Gallery:setWordsText(text)
            local words = {}
            text:enumerateSubstringsInRange_options_usingBlock(NsRange.NSMakeRange(0, text.length),
                NsString.EnumerationOptions.ByWords, function(word) words[#words + 1] = word end)
            self.words = words
            self:collectionView():reloadData()
        end
        Gallery:declareSetters { wordsText = "setWordsText" }

        function Gallery:collectionView_numberOfItemsInSection(collectionView, section)
            return self.words and #self.words or 0
        end

        function Gallery:collectionView_cellForItemAtIndexPath(collectionView, indexPath)
            local cell = collectionView:dequeueReusableCellWithReuseIdentifier_forIndexPath("WORD", indexPath)
            local palette = self.palette
            cell:showWord_hue(self.words[indexPath:item() + 1], palette:objectAtIndex(indexPath.item % palette.count))
            return cell
        end

        function Gallery:collectionView_layout_sizeForItemAtIndexPath(collectionView, layout, indexPath)
            local font = WordCell:fontForHeight(layout:itemSize().height)
            local size = self.words[indexPath.item + 1]:sizeWithAttributes { [NsAttributedString.NSFontAttributeName] = font }
            local padded = UiGeometry.UIEdgeInsetsInsetRect(struct.CGRect(0, 0, size.width, size.height),
                                                             struct.UIEdgeInsets(-10, -15, -10, -15))
            return struct.CGSize(math.ceil(padded.size.width), layout.itemSize.height)
        end
        Gallery:publishObjcProtocols { "UICollectionViewDelegateFlowLayout" }

        function Gallery:handleTap(recognizer)
            if recognizer:state() == UiGestureRecognizer.State.Ended then
                local point = recognizer:locationInView(self:collectionView())
                self.tapped = self:collectionView():indexPathForItemAtPoint(point)
                local layout = self:collectionView():collectionViewLayout()
                layout:setTilted(self.tapped)
            end
        end
        Gallery:publishActionMethod "handleTap"

        function Gallery:refresh()
            self:configure()
            self:collectionView():reloadData()
            self:collectionView():collectionViewLayout():invalidateLayout()
        end

        return Gallery, UiCollectionView.ScrollPosition.CenteredVertically
        """

    static let layout = """
        local CaTransform3D = require "QuartzCore.CATransform3D"
        local CgGeometry = require "CoreGraphics.CGGeometry"
        local UiCollectionViewLayout = require "UIKit.UICollectionViewLayout"

        local UICollectionViewFlowLayout = objc.UICollectionViewFlowLayout
        local TiltLayout = class.createClass("TiltLayout", UICollectionViewFlowLayout)

        TiltLayout.angle = 0.25

        function TiltLayout:init()
            self[UICollectionViewFlowLayout]:init()
            self:setScrollDirection(UiCollectionViewLayout.ScrollDirection.Vertical)
        end

        function TiltLayout:layoutAttributesForElementsInRect(rect)
            local all = self[UICollectionViewFlowLayout]:layoutAttributesForElementsInRect(rect)
            for attributes in all do
                if attributes:representedElementCategory() == UiCollectionViewLayout.Category.Cell
                   and self.tilted ~= nil and attributes.indexPath:isEqual(self.tilted) then
                    attributes:setTransform3D(CaTransform3D.Rotate(CaTransform3D.Identity, TiltLayout.angle, 0, 0, 1))
                    attributes.zIndex = 1
                end
            end
            return all
        end

        TiltLayout:declareSetters { tilted = function(self, path)
            self._tilted = path
            self:invalidateLayout()
        end }
        TiltLayout:declareGetters { tilted = function(self) return self._tilted end }

        function TiltLayout:visibleMidX(rect) return CgGeometry.CGRectGetMidX(rect) end

        return TiltLayout
        """

    static let cell = """
        local UiView = require "UIKit.UIView"
        local NsText = require "UIKit.NSText"
        local CaTransform3D = require "QuartzCore.CATransform3D"
        local CgAffineTransform = require "CoreGraphics.CGAffineTransform"

        local UICollectionViewCell = objc.UICollectionViewCell
        local WordCell = class.createClass("WordCell", UICollectionViewCell)

        function WordCell:initWithFrame(frame)
            self = self[UICollectionViewCell]:initWithFrame(frame)
            local label = objc.UILabel:newWithFrame(self:contentView():bounds())
            label:setAutoresizingMask(UiView.Autoresizing.FlexibleWidth + UiView.Autoresizing.FlexibleHeight)
            label:setTextAlignment(NsText.Alignment.Center)
            label:setTextColor(objc.UIColor:whiteColor())
            self:contentView():addSubview(label)
            self.label = label
            return self
        end

        function WordCell:showWord_hue(word, hue)
            self.label:setText(word)
            self.label:setFont(WordCell:fontForHeight(self:bounds().size.height))
            self:contentView():setBackgroundColor(objc.UIColor:colorWithHue_saturation_brightness_alpha(hue, 0.5, 0.8, 1))
        end

        function WordCell:applyLayoutAttributes(attributes)
            self[UICollectionViewCell]:applyLayoutAttributes(attributes)
            self.tilted = not CaTransform3D.IsIdentity(attributes:transform3D())
            self.label.transform = self.tilted and CgAffineTransform.MakeScale(1.2, 1.2) or CgAffineTransform.Identity
        end

        function WordCell.classMethod:fontForHeight(height)
            return objc.UIFont:boldSystemFontOfSize(height * 0.5)
        end

        return WordCell
        """

    func start() throws -> LiveProject {
        let project = try LiveProject([
            "main.lua": "local Gallery, position = require 'Gallery'\nstartPosition = position\nreturn Gallery",
            "Gallery.lua": Self.controller, "TiltLayout.lua": Self.layout, "WordCell.lua": Self.cell,
            "words.txt": "Time is an illusion. Lunchtime doubly so.",
            "data/palette.json": "[0.0, 0.3, 0.6]",
        ])
        #expect(
            project.events(.problem(.runtimeError)).isEmpty, "\(project.events(.problem(.runtimeError)).map(\.problem))"
        )
        let controller = try #require(project.world.window.rootViewController)
        try project.world.bridge.state.setGlobal("gallery", try project.world.bridge.value(for: controller))
        return project
    }

    /// The visible cells, by item: label text, size and whether the label is scaled.
    func cells(_ project: LiveProject) throws -> [(item: Int, text: String?, size: CGSize, scaled: Bool)] {
        var stack: [View] = [project.world.window]
        var collection: CollectionView?
        while let view = stack.popLast() {
            if let found = view as? CollectionView { collection = found }
            stack += view.subviews
        }
        return try #require(collection).visibleCells.map { path, cell in
            let label = cell.contentView.subviews.first as? Label
            return (path.item, label?.text, cell.bounds.size, label.map { $0.transform != .identity } ?? false)
        }.sorted { $0.item < $1.item }
    }

    @Test func theProjectRunsAsWritten() throws {
        let project = try start()
        let cells = try cells(project)
        #expect(cells.map(\.text) == ["Time", "is", "an", "illusion", "Lunchtime", "doubly", "so"])
        #expect(cells.allSatisfy { $0.size.width > 30 && $0.size.height == 40 && !$0.scaled })
        #expect(try project.value("startPosition") == 2)
        #expect(try project.value("gallery:collectionView():backgroundColor() == objc.UIColor.blackColor") == true)
    }

    @Test func aTapTiltsTheCellThroughTheLayoutsDeclaredSetter() throws {
        let project = try start()
        let tapped = try #require(try cells(project).first { $0.text == "illusion" })
        _ = try project.run(
            """
            local frame = gallery:collectionView():cellForItemAtIndexPath(objc.NSIndexPath:indexPathForItem_inSection(\(tapped.item), 0)):frame()
            simulate.tap { at = { x = frame:getMidX(), y = frame:getMidY() } }
            """)
        #expect(try project.value("gallery.tapped.item") == .integer(Int64(tapped.item)))
        #expect(try cells(project).filter(\.scaled).map(\.text) == ["illusion"])
    }

    @Test func savesReloadTheModulesAndTheHandlerAppliesThem() throws {
        let project = try start()
        _ = try project.run(
            "gallery:collectionView():collectionViewLayout():setTilted(objc.NSIndexPath:indexPathForItem_inSection(1, 0))"
        )
        try project.save(
            "TiltLayout.lua",
            Self.layout.replacingOccurrences(of: "TiltLayout.angle = 0.25", with: "TiltLayout.angle = 0.5"),
            as: .renameOver)
        project.waitFor(.reloaded)
        #expect(project.events(.reloaded).last?.turn?.handlers == 1)
        let m12 = try project.value(
            """
            gallery:collectionView():collectionViewLayout():layoutAttributesForElementsInRect(struct.CGRect(0, 0, 375, 80))[2]
                :transform3D().m12
            """)
        #expect(abs((m12.numberValue ?? 0) - sin(0.5)) < 1e-12)
        try project.save(
            "Gallery.lua",
            Self.controller.replacingOccurrences(of: "struct.CGSize(80, 40)", with: "struct.CGSize(80, 60)"),
            as: .vim)
        project.waitFor(.reloaded, count: 2)
        #expect(try cells(project).allSatisfy { $0.size.height == 60 }, "\(project.events.map(\.kind))")
        try project.save("words.txt", "So long and thanks", as: .inPlace)
        project.waitFor(.resource)
        #expect(try cells(project).map(\.text) == ["So", "long", "and", "thanks"])
        #expect(project.events(.problem(.runtimeError)).isEmpty)
    }
}
