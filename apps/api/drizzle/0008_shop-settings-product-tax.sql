CREATE TABLE "shop_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text NOT NULL,
	"address" text NOT NULL,
	"state" text NOT NULL,
	"gstin" text DEFAULT '' NOT NULL,
	"grievance_name" text NOT NULL,
	"grievance_email" text NOT NULL,
	"support_phone" text NOT NULL,
	"support_email" text NOT NULL,
	"low_stock_threshold" integer DEFAULT 5 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_one_row" CHECK ("shop_settings"."id" = 1),
	CONSTRAINT "shop_settings_low_stock_check" CHECK ("shop_settings"."low_stock_threshold" >= 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_rate_percent" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "country_of_origin" text DEFAULT 'India' NOT NULL;--> statement-breakpoint
-- Issue 15: GST-inclusive prices are whole rupees (DESIGN §8); discountedPaise in packages/shared/src/money.ts computes the same.
UPDATE "products" SET "discounted_price_paise" = round(("price_paise" * (100 - "discount_percentage"))::numeric / 10000) * 100
  WHERE "discounted_price_paise" <> round(("price_paise" * (100 - "discount_percentage"))::numeric / 10000) * 100;
