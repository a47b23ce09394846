-- The owner's brand (docs/product.md, Your brand): name, tagline, colour, logo, favicon, social links and
-- the home banner. Null until each process's start fills them from the environment (ensureShopSettings),
-- so a shop upgraded with SHOP_NAME set takes its name from there rather than the demo's.
ALTER TABLE "shop_settings" ADD COLUMN "shop_name" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "tagline" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "brand_color" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "logo" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "favicon" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "social_links" jsonb;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "banner" jsonb;--> statement-breakpoint
-- The served pages carry the brand: a change, by any process or by hand, empties every process's page
-- cache as a product write does (decision 021).
CREATE TRIGGER shop_settings_changed_notify
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shop_settings
  FOR EACH STATEMENT EXECUTE FUNCTION products_changed_notify();
