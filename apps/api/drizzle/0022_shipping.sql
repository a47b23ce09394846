-- Shipping (docs/product.md, Shipping): a parcel's weight and box per product (and variant), the shop's
-- rates per zone and slab, each order's shipping charge and finer stage, its shipment and the courier's
-- events, the courier accounts, and bulk bookings. Existing orders take the stage their status and
-- payment say: dispatched ones are shipped, pending ones the shop has accepted are confirmed.
CREATE TABLE "courier_accounts" (
	"courier" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"email" text NOT NULL,
	"password" text NOT NULL,
	"pickup_location" text NOT NULL,
	"webhook_token" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipment_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shipment_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"stage" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"location" text,
	"description" text NOT NULL,
	"source" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"courier" text NOT NULL,
	"courier_name" text DEFAULT '' NOT NULL,
	"awb" text,
	"tracking_url" text,
	"label_url" text,
	"external_order_id" text,
	"external_shipment_id" text,
	"status" text NOT NULL,
	"weight_grams" integer NOT NULL,
	"expected_delivery" date,
	"last_event_at" timestamp with time zone,
	"last_polled_at" timestamp with time zone,
	"booking_error" text,
	"booked_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_courier_check" CHECK ("shipments"."courier" in ('manual', 'shiprocket')),
	CONSTRAINT "shipments_status_check" CHECK ("shipments"."status" in ('booking', 'booked', 'shipped', 'out_for_delivery', 'delivered', 'undelivered', 'rto', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "shipping_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipping_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"order_ids" jsonb NOT NULL,
	"courier" text NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_charges_check";--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "package_cm" jsonb;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "stage" text;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stage" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "stage" = CASE
  WHEN "status" = 'dispatched' THEN 'shipped'
  WHEN "status" IN ('delivered', 'cancelled') THEN "status"
  WHEN "confirmation" = 'awaiting' OR "payment_status" <> 'paid' AND "payment_method" = 'card' THEN 'pending'
  ELSE 'confirmed'
END;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "shipping" jsonb;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_batches" ADD CONSTRAINT "shipping_batches_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_events_event_idx" ON "shipment_events" USING btree ("shipment_id","event_id");--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_at_idx" ON "shipment_events" USING btree ("shipment_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_live_idx" ON "shipments" USING btree ("order_id") WHERE "shipments"."status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_awb_idx" ON "shipments" USING btree ("courier","awb") WHERE "shipments"."awb" is not null;--> statement-breakpoint
CREATE INDEX "shipments_awb_lookup_idx" ON "shipments" USING btree ("awb");--> statement-breakpoint
CREATE INDEX "shipments_poll_idx" ON "shipments" USING btree ("last_polled_at") WHERE "shipments"."status" in ('booked', 'shipped', 'out_for_delivery', 'undelivered') and "shipments"."courier" <> 'manual';--> statement-breakpoint
CREATE INDEX "orders_listed_stage_created_idx" ON "orders" USING btree ("listed","stage","created_at");--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_weight_check" CHECK ("product_variants"."weight_grams" is null or "product_variants"."weight_grams" > 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight_check" CHECK ("products"."weight_grams" is null or "products"."weight_grams" > 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_stage_check" CHECK ("orders"."stage" in ('pending', 'confirmed', 'packed', 'shipped', 'out_for_delivery', 'delivered', 'undelivered', 'rto', 'cancelled'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_charges_check" CHECK ("orders"."cod_fee_paise" >= 0 and "orders"."prepaid_discount_paise" >= 0 and "orders"."shipping_paise" >= 0);