-- The list's data: sections of items, each item a table that the diffable data source
-- identifies by identity.

return {
    { title = "Fruit", items = {
        { name = "Apples", detail = "6" }, { name = "Bananas", detail = "1 bunch" },
        { name = "Blueberries", detail = "250 g" }, { name = "Lemons", detail = "3" } } },
    { title = "Bakery", items = {
        { name = "Sourdough", detail = "1 loaf" }, { name = "Croissants", detail = "4" } } },
    { title = "Dairy", items = {
        { name = "Milk", detail = "2 l" }, { name = "Butter", detail = "250 g" },
        { name = "Yoghurt", detail = "4 pots" } } },
}
