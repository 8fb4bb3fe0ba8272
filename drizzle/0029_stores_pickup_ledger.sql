ALTER TABLE "orders" ADD COLUMN "pickup_points" jsonb;--> statement-breakpoint
-- Hand-added: the stock ledger is append-only (issue #16). A movement is never changed or removed;
-- the only exceptions are what the foreign keys themselves do: a deleted SKU takes its movements with
-- it (ON DELETE CASCADE runs once the SKU row is gone), and a deleted user, order or import clears
-- its reference (ON DELETE SET NULL).
CREATE FUNCTION "stock_movements_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'stock_movements is append-only: it cannot be truncated'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM "skus" WHERE "id" = OLD."sku_id") THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'stock_movements is append-only: movement % cannot be deleted', OLD."id"
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF (NEW."id", NEW."sku_id", NEW."kind", NEW."delta", NEW."resulting_quantity", NEW."reason", NEW."note", NEW."created_at")
       IS NOT DISTINCT FROM (OLD."id", OLD."sku_id", OLD."kind", OLD."delta", OLD."resulting_quantity", OLD."reason", OLD."note", OLD."created_at")
     AND (NEW."actor_user_id" IS NOT DISTINCT FROM OLD."actor_user_id"
          OR (NEW."actor_user_id" IS NULL AND NOT EXISTS (SELECT 1 FROM "users" WHERE "id" = OLD."actor_user_id")))
     AND (NEW."order_id" IS NOT DISTINCT FROM OLD."order_id"
          OR (NEW."order_id" IS NULL AND NOT EXISTS (SELECT 1 FROM "orders" WHERE "id" = OLD."order_id")))
     AND (NEW."import_id" IS NOT DISTINCT FROM OLD."import_id"
          OR (NEW."import_id" IS NULL AND NOT EXISTS (SELECT 1 FROM "imports" WHERE "id" = OLD."import_id")))
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'stock_movements is append-only: movement % cannot be changed', OLD."id"
    USING ERRCODE = 'integrity_constraint_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "stock_movements_append_only" BEFORE UPDATE OR DELETE ON "stock_movements"
  FOR EACH ROW EXECUTE FUNCTION "stock_movements_append_only"();
--> statement-breakpoint
CREATE TRIGGER "stock_movements_no_truncate" BEFORE TRUNCATE ON "stock_movements"
  FOR EACH STATEMENT EXECUTE FUNCTION "stock_movements_append_only"();
