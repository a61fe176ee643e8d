-- A photo grid in a compositional layout: a featured row that pages across, then albums, each
-- a wide picture beside two small ones, then rows of three squares, under a header; cells come
-- from a registration and a diffable data source. Save this file while Rebound runs: the
-- section provider lays the grid out again.

local Dimension, Size = objc.NSCollectionLayoutDimension, objc.NSCollectionLayoutSize
local Item, Group, Section = objc.NSCollectionLayoutItem, objc.NSCollectionLayoutGroup, objc.NSCollectionLayoutSection
local HeaderKind = require("UIKit.UICollectionViewFlowLayout").UICollectionElementKindSectionHeader
local Alignment = require("UIKit.UIGeometry").NSRectAlignment
local FontWeight = require "UIKit.UIFontDescriptor"
local Edge = require("UIKit.UIGeometry").NSDirectionalRectEdge
local BadgeKind = "badge"

local GridController = class.createClass("GridController", objc.UIViewController)

local albums = {
    { title = "Featured", hue = 0.08, count = 5, featured = true },
    { title = "Coast", hue = 0.55, count = 11 },
    { title = "Forest", hue = 0.32, count = 8 },
}

local function size(width, height) return Size:sizeWithWidthDimension_heightDimension(width, height) end

local function inset(item, points)
    item.contentInsets = struct.NSDirectionalEdgeInsets(points, points, points, points)
    return item
end

-- Wide cards in a row that scrolls across on its own, each coming to rest centred, a badge on
-- each card's top trailing corner.
function GridController:makeFeaturedSection()
    local corner = objc.NSCollectionLayoutAnchor:layoutAnchorWithEdges_absoluteOffset(Edge.Top + Edge.Trailing, struct.CGPoint(-10, 10))
    local badge = objc.NSCollectionLayoutSupplementaryItem:supplementaryItemWithLayoutSize_elementKind_containerAnchor(
        size(Dimension:absoluteDimension(44), Dimension:absoluteDimension(22)), BadgeKind, corner)
    local card = inset(Item:itemWithLayoutSize_supplementaryItems(
        size(Dimension:fractionalWidthDimension(1), Dimension:fractionalHeightDimension(1)), { badge }), 4)
    local group = Group:horizontalGroupWithLayoutSize_subitems(
        size(Dimension:fractionalWidthDimension(0.85), Dimension:absoluteDimension(180)), { card })
    local section = Section:sectionWithGroup(group)
    section.orthogonalScrollingBehavior = Section.OrthogonalScrollingBehavior.GroupPagingCentered
    section.contentInsets = struct.NSDirectionalEdgeInsets(8, 8, 16, 8)
    return section
end

-- A wide picture (two thirds) beside a column of two, then rows of three squares.
function GridController:makeSection(sectionIndex, environment)
    if albums[sectionIndex + 1].featured then return self:makeFeaturedSection() end
    local big = inset(Item:itemWithLayoutSize(size(Dimension:fractionalWidthDimension(2 / 3), Dimension:fractionalHeightDimension(1))), 2)
    local small = inset(Item:itemWithLayoutSize(size(Dimension:fractionalWidthDimension(1), Dimension:fractionalHeightDimension(0.5))), 2)
    local column = Group:verticalGroupWithLayoutSize_subitem_count(
        size(Dimension:fractionalWidthDimension(1 / 3), Dimension:fractionalHeightDimension(1)), small, 2)
    local feature = Group:horizontalGroupWithLayoutSize_subitems(
        size(Dimension:fractionalWidthDimension(1), Dimension:fractionalWidthDimension(2 / 3)), { big, column })
    local square = inset(Item:itemWithLayoutSize(size(Dimension:fractionalWidthDimension(1 / 3), Dimension:fractionalHeightDimension(1))), 2)
    local row = Group:horizontalGroupWithLayoutSize_subitems(
        size(Dimension:fractionalWidthDimension(1), Dimension:fractionalWidthDimension(1 / 3)), { square })
    local group = Group:verticalGroupWithLayoutSize_subitems(
        size(Dimension:fractionalWidthDimension(1), Dimension:fractionalWidthDimension(4 / 3)), { feature, row, row })
    local section = Section:sectionWithGroup(group)
    section.contentInsets = struct.NSDirectionalEdgeInsets(0, 8, 16, 8)
    local header = objc.NSCollectionLayoutBoundarySupplementaryItem:boundarySupplementaryItemWithLayoutSize_elementKind_alignment(
        size(Dimension:fractionalWidthDimension(1), Dimension:absoluteDimension(44)), HeaderKind, Alignment.Top)
    header.pinToVisibleBounds = true
    section.boundarySupplementaryItems = { header }
    return section
end

function GridController:configureCell(cell, indexPath, photo)
    cell.contentView.backgroundColor = objc.UIColor:colorWithHue_saturation_brightness_alpha(
        photo.hue, 0.35 + 0.05 * (photo.number % 5), 0.95 - 0.04 * (photo.number % 4), 1)
    cell.contentView.layer.cornerRadius = 6
    local label = cell.contentView.subviews[1]
    if not label then
        label = objc.UILabel:new()
        label.font = objc.UIFont:systemFontOfSize_weight(13, FontWeight.UIFontWeightSemibold)
        label.textColor = objc.UIColor.whiteColor
        cell.contentView:addSubview(label)
    end
    label.text = tostring(photo.number)
    label:sizeToFit()
    label.frame = struct.CGRect(6, 4, label.frame.size.width, label.frame.size.height)
end

function GridController:configureHeader(header, kind, indexPath)
    local content = objc.UIListContentConfiguration:plainHeaderConfiguration()
    content.text = albums[indexPath.section + 1].title
    content.secondaryText = albums[indexPath.section + 1].count .. " photos"
    content.prefersSideBySideTextAndSecondaryText = true
    header.contentConfiguration = content
    header.backgroundColor = objc.UIColor.systemBackgroundColor
end

function GridController:configureBadge(badge)
    badge.backgroundColor = objc.UIColor.systemRedColor
    badge.layer.cornerRadius = 11
    if #badge.subviews == 0 then
        local label = objc.UILabel:newWithFrame(badge.bounds)
        label.text = "NEW"
        label.textAlignment = require("UIKit.NSText").Alignment.Center
        label.textColor = objc.UIColor.whiteColor
        label.font = objc.UIFont:systemFontOfSize_weight(11, FontWeight.UIFontWeightBold)
        badge:addSubview(label)
    end
end

function GridController:viewDidLoad()
    self[objc.UIViewController]:viewDidLoad()
    self.title = "Albums"
    local layout = objc.UICollectionViewCompositionalLayout:newWithSectionProvider(
        function(sectionIndex, environment) return self:makeSection(sectionIndex, environment) end)
    local collectionView = objc.UICollectionView:newWithFrame_collectionViewLayout(self.view.bounds, layout)
    collectionView.backgroundColor = objc.UIColor.systemBackgroundColor
    self.view:addSubview(collectionView)
    self.collectionView = collectionView

    local cells = objc.UICollectionViewCellRegistration:registrationWithCellClass_configurationHandler(
        objc.UICollectionViewCell, function(cell, indexPath, photo) self:configureCell(cell, indexPath, photo) end)
    local headers = objc.UICollectionViewSupplementaryRegistration:registrationWithSupplementaryClass_elementKind_configurationHandler(
        objc.UICollectionViewListCell, HeaderKind,
        function(header, kind, indexPath) self:configureHeader(header, kind, indexPath) end)
    self.dataSource = objc.UICollectionViewDiffableDataSource:newWithCollectionView_cellProvider(collectionView,
        function(view, indexPath, photo)
            return view:dequeueConfiguredReusableCellWithRegistration_forIndexPath_item(cells, indexPath, photo)
        end)
    local badges = objc.UICollectionViewSupplementaryRegistration:registrationWithSupplementaryClass_elementKind_configurationHandler(
        objc.UICollectionReusableView, BadgeKind, function(badge) self:configureBadge(badge) end)
    self.dataSource.supplementaryViewProvider = function(view, kind, indexPath)
        return view:dequeueConfiguredReusableSupplementaryViewWithRegistration_forIndexPath(
            kind == BadgeKind and badges or headers, indexPath)
    end
    local snapshot = objc.NSDiffableDataSourceSnapshot:new()
    for _, album in ipairs(albums) do
        snapshot:appendSectionsWithIdentifiers { album.title }
        local photos = {}
        for number = 1, album.count do photos[number] = { hue = album.hue, number = number } end
        snapshot:appendItemsWithIdentifiers_intoSectionWithIdentifier(photos, album.title)
    end
    self.dataSource:applySnapshot_animatingDifferences(snapshot, false)
end

return GridController
