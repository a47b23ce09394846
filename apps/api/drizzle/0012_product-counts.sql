CREATE TABLE "product_counts" (
	"category" text NOT NULL,
	"brand" text NOT NULL,
	"title" text NOT NULL,
	"live" integer NOT NULL,
	CONSTRAINT "product_counts_category_brand_title_pk" PRIMARY KEY("category","brand","title")
);
--> statement-breakpoint
CREATE INDEX "product_counts_title_trgm_idx" ON "product_counts" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
-- product_counts follows products in the writing transaction: a live product counts once in its
-- (title, brand, category) group. Stock changes touch none of these columns and fire nothing here.
CREATE OR REPLACE FUNCTION product_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD.deleted THEN
    UPDATE product_counts SET live = live - 1
    WHERE category = OLD.category AND brand = OLD.brand AND title = OLD.title;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.deleted THEN
    INSERT INTO product_counts AS c (category, brand, title, live) VALUES (NEW.category, NEW.brand, NEW.title, 1)
    ON CONFLICT (category, brand, title) DO UPDATE SET live = c.live + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_counts_insert_delete AFTER INSERT OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION product_counts_follow();
--> statement-breakpoint
CREATE TRIGGER product_counts_update AFTER UPDATE OF title, brand, category, deleted ON products
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.brand IS DISTINCT FROM NEW.brand
                     OR OLD.category IS DISTINCT FROM NEW.category OR OLD.deleted IS DISTINCT FROM NEW.deleted)
  EXECUTE FUNCTION product_counts_follow();
--> statement-breakpoint
CREATE TRIGGER product_counts_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION product_counts_truncate();
--> statement-breakpoint
INSERT INTO product_counts (category, brand, title, live)
  SELECT category, brand, title, count(*)::int FROM products WHERE NOT deleted GROUP BY 1, 2, 3;
--> statement-breakpoint
-- The caches keep no stock any more (lists keep their ids and totals, suggestions show none), so an
-- update that changes nothing but stock — every checkout's — no longer empties every server's cache.
-- Inserts, deletes and truncates still notify once per statement; an update notifies when any other
-- column changed (to_jsonb covers columns added later), once per transaction.
DROP TRIGGER products_changed_notify ON products;
--> statement-breakpoint
CREATE TRIGGER products_changed_notify
  AFTER INSERT OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION products_changed_notify();
--> statement-breakpoint
CREATE TRIGGER products_changed_notify_update
  AFTER UPDATE ON products
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'stock') IS DISTINCT FROM (to_jsonb(NEW) - 'stock'))
  EXECUTE FUNCTION products_changed_notify();
--> statement-breakpoint
-- Sort indexes that hold the filters' columns (docs/performance.md, "Long-tail listings").
DROP INDEX "products_rating_idx";--> statement-breakpoint
DROP INDEX "products_price_idx";--> statement-breakpoint
DROP INDEX "products_discounted_price_idx";--> statement-breakpoint
CREATE INDEX "products_id_listing_idx" ON "products" USING btree ("id","category","brand","deleted");--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ("rating" DESC NULLS FIRST,"id","category","brand","deleted");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_paise","id","category","brand","deleted");--> statement-breakpoint
CREATE INDEX "products_discounted_price_idx" ON "products" USING btree ("discounted_price_paise","id","category","brand","deleted");--> statement-breakpoint
DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_brand_idx";--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category","id","brand","deleted");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand","id","category","deleted");