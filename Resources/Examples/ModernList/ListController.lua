-- A grocery list: a collection view with an inset grouped list layout, a diffable data source,
-- cell and header registrations, and swipe actions. Save this file while Rebound runs: the
-- registrations' handlers and the layout are the new ones at the next pass, and the list
-- keeps its items and its scroll position.

local Groceries = require "Groceries"

local ListLayout = objc.UICollectionLayoutListConfiguration
local HeaderKind = require("UIKit.UICollectionViewFlowLayout").UICollectionElementKindSectionHeader

local ListController = class.createClass("ListController", objc.UIViewController)

-- The layout: an inset grouped list with section headers, and a delete action on a swipe.
function ListController:makeLayout()
    local configuration = ListLayout:newWithAppearance(ListLayout.Appearance.InsetGrouped)
    configuration.headerMode = ListLayout.HeaderMode.Supplementary
    configuration.trailingSwipeActionsConfigurationProvider = function(indexPath)
        local item = self.dataSource:itemIdentifierForIndexPath(indexPath)
        local delete = objc.UIContextualAction:contextualActionWithStyle_title_handler(
            objc.UIContextualAction.Style.Destructive, "Delete",
            function(action, sourceView, completion)
                self:remove(item)
                completion(true)
            end)
        return objc.UISwipeActionsConfiguration:configurationWithActions { delete }
    end
    return objc.UICollectionViewCompositionalLayout:layoutWithListConfiguration(configuration)
end

-- A row: the item's name, its quantity at the trailing edge, and a disclosure indicator.
function ListController:configureCell(cell, indexPath, item)
    local content = objc.UIListContentConfiguration:valueCellConfiguration()
    content.text = item.name
    content.secondaryText = item.detail
    cell.contentConfiguration = content
    cell.accessories = { objc.UICellAccessoryDisclosureIndicator:new() }
end

function ListController:configureHeader(header, kind, indexPath)
    local content = header:defaultContentConfiguration()
    content.text = Groceries[indexPath.section + 1].title
    header.contentConfiguration = content
end

function ListController:viewDidLoad()
    self[objc.UIViewController]:viewDidLoad()
    self.title = "Groceries"
    local collectionView = objc.UICollectionView:newWithFrame_collectionViewLayout(self.view.bounds, self:makeLayout())
    collectionView.autoresizingMask = objc.UIView.Autoresizing.FlexibleWidth + objc.UIView.Autoresizing.FlexibleHeight
    self.view:addSubview(collectionView)
    self.collectionView = collectionView

    local cells = objc.UICollectionViewCellRegistration:registrationWithCellClass_configurationHandler(
        objc.UICollectionViewListCell,
        function(cell, indexPath, item) self:configureCell(cell, indexPath, item) end)
    local headers = objc.UICollectionViewSupplementaryRegistration:registrationWithSupplementaryClass_elementKind_configurationHandler(
        objc.UICollectionViewListCell, HeaderKind,
        function(header, kind, indexPath) self:configureHeader(header, kind, indexPath) end)
    self.dataSource = objc.UICollectionViewDiffableDataSource:newWithCollectionView_cellProvider(collectionView,
        function(view, indexPath, item)
            return view:dequeueConfiguredReusableCellWithRegistration_forIndexPath_item(cells, indexPath, item)
        end)
    self.dataSource.supplementaryViewProvider = function(view, kind, indexPath)
        return view:dequeueConfiguredReusableSupplementaryViewWithRegistration_forIndexPath(headers, indexPath)
    end
    self:applyGroceries(false)
end

function ListController:applyGroceries(animated)
    local snapshot = objc.NSDiffableDataSourceSnapshot:new()
    for _, section in ipairs(Groceries) do
        snapshot:appendSectionsWithIdentifiers { section }
        snapshot:appendItemsWithIdentifiers_intoSectionWithIdentifier(section.items, section)
    end
    self.dataSource:applySnapshot_animatingDifferences(snapshot, animated)
end

-- Takes `item` out of the list, animated.
function ListController:remove(item)
    for _, section in ipairs(Groceries) do
        for index, candidate in ipairs(section.items) do
            if candidate == item then table.remove(section.items, index) end
        end
    end
    self:applyGroceries(true)
end

return ListController
