-- Stock that existed before the ledger opens it: one 'adjustment' per SKU for its whole figure,
-- so remaining_quantity equals the sum of the ledger from the first day.
INSERT INTO "stock_movements" ("sku_id", "kind", "delta", "resulting_quantity", "reason")
SELECT s."id", 'adjustment', s."remaining_quantity", s."remaining_quantity", 'opening_stock'
FROM "skus" s
WHERE s."remaining_quantity" <> 0
  AND NOT EXISTS (SELECT 1 FROM "stock_movements" m WHERE m."sku_id" = s."id");
