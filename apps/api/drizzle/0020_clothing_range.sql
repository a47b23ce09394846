-- A clothing range (decision 036, docs/product.md, A clothing range): stock per colour × size in
-- product_variants, photos per colour, typed details and size charts. Every existing product keeps its one
-- shared stock (stock_per_variant false) until the owner switches it; existing order lines keep theirs.
CREATE TABLE "product_variants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_variants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"color" text NOT NULL,
	"size" text NOT NULL,
	"sku" text,
	"price_paise" integer,
	"stock" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "product_variants_stock_check" CHECK ("product_variants"."stock" >= 0),
	CONSTRAINT "product_variants_price_check" CHECK ("product_variants"."price_paise" is null or "product_variants"."price_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "size_charts" (
	"category" text PRIMARY KEY NOT NULL,
	"chart" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "low_stock_alerts" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_per_variant" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "size_labels" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "size_unit" text DEFAULT 'in' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "color_images" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "details" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "size_chart" jsonb;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant" jsonb;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_line_idx" ON "product_variants" USING btree ("product_id","color","size");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_idx" ON "product_variants" USING btree (lower("sku")) WHERE "product_variants"."sku" is not null;--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_variants_stock_idx" ON "product_variants" USING btree ("stock","product_id");--> statement-breakpoint
ALTER TABLE "low_stock_alerts" ADD CONSTRAINT "low_stock_alerts_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_live_fabric_idx" ON "products" USING btree (lower("details"->>'fabric')) WHERE not "products"."deleted";--> statement-breakpoint
CREATE INDEX "products_live_occasion_idx" ON "products" USING btree (lower("details"->>'occasion')) WHERE not "products"."deleted";--> statement-breakpoint
CREATE INDEX "cart_items_variant_idx" ON "cart_items" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "order_items_variant_idx" ON "order_items" USING btree ("variant_id");;--> statement-breakpoint
-- Existing products sell their numeric sizes: the labels are the numbers as written.
UPDATE "products" SET "size_labels" = (
  SELECT coalesce(jsonb_agg(e #>> '{}' ORDER BY n), '[]'::jsonb) FROM jsonb_array_elements("sizes") WITH ORDINALITY AS s(e, n)
);--> statement-breakpoint
-- A category's chart is on its products' pages: a change empties every process's page cache.
CREATE TRIGGER size_charts_changed_notify
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON size_charts
  FOR EACH STATEMENT EXECUTE FUNCTION products_changed_notify();