-- Cash on delivery and delivery (docs/product.md, Cash on delivery): the shop's COD and delivery settings,
-- its PIN lists, and per order the COD fee, the prepaid discount and the confirmation step. Every existing
-- order reads as needing no confirmation, with no fee.
CREATE TABLE "pincode_rules" (
	"list" text NOT NULL,
	"prefix" text NOT NULL,
	CONSTRAINT "pincode_rules_list_prefix_pk" PRIMARY KEY("list","prefix"),
	CONSTRAINT "pincode_rules_list_check" CHECK ("pincode_rules"."list" in ('no_delivery', 'no_cod')),
	CONSTRAINT "pincode_rules_prefix_check" CHECK ("pincode_rules"."prefix" ~ '^[1-9][0-9]{0,5}$')
);
--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "event" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prepaid_discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmation" text DEFAULT 'not_needed' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirm_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirm_token" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirm_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod" jsonb;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "delivery" jsonb;--> statement-breakpoint
CREATE INDEX "orders_confirm_by_idx" ON "orders" USING btree ("confirm_by") WHERE "orders"."confirmation" = 'awaiting';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_confirm_token_idx" ON "orders" USING btree ("confirm_token") WHERE "orders"."confirm_token" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_confirmation_check" CHECK ("orders"."confirmation" in ('awaiting', 'confirmed', 'not_needed'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_charges_check" CHECK ("orders"."cod_fee_paise" >= 0 and "orders"."prepaid_discount_paise" >= 0);