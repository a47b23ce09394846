-- Promotions (docs/product.md, Promotions; decision 044): the owner's coupons and sales, their batches of
-- single-use codes, each order's use of them (the figures and the per-customer limit), the code a shopper
-- keeps with their cart, and the discount on each order and line (0 on every existing one).
CREATE TABLE "cart_promo_codes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"promotion_id" integer NOT NULL,
	"code" text NOT NULL,
	"order_id" integer,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "promotion_uses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_uses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"promotion_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"code" text,
	"amount_paise" integer NOT NULL,
	"order_total_paise" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"value_hundredths" integer DEFAULT 0 NOT NULL,
	"applies_to" text DEFAULT 'order' NOT NULL,
	"code" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"min_order_paise" integer DEFAULT 0 NOT NULL,
	"usage_limit" integer,
	"budget_paise" bigint,
	"per_customer_limit" integer,
	"new_customers_only" boolean DEFAULT false NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"exclusive" boolean DEFAULT false NOT NULL,
	"target" jsonb,
	"buy_quantity" integer,
	"get_quantity" integer,
	"get_percent" integer,
	"max_applications" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"used_paise" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_kind_check" CHECK ("promotions"."kind" in ('percent', 'fixed', 'buy_x_get_y', 'free_shipping', 'prepaid')),
	CONSTRAINT "promotions_applies_to_check" CHECK ("promotions"."applies_to" in ('order', 'each')),
	CONSTRAINT "promotions_used_check" CHECK ("promotions"."used_count" >= 0 and "promotions"."used_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discounts" jsonb;--> statement-breakpoint
ALTER TABLE "cart_promo_codes" ADD CONSTRAINT "cart_promo_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_codes" ADD CONSTRAINT "promotion_codes_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_codes" ADD CONSTRAINT "promotion_codes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_codes_code_idx" ON "promotion_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "promotion_codes_promotion_idx" ON "promotion_codes" USING btree ("promotion_id","id");--> statement-breakpoint
CREATE INDEX "promotion_uses_customer_idx" ON "promotion_uses" USING btree ("promotion_id","user_id");--> statement-breakpoint
CREATE INDEX "promotion_uses_day_idx" ON "promotion_uses" USING btree ("promotion_id","created_at");--> statement-breakpoint
CREATE INDEX "promotion_uses_order_idx" ON "promotion_uses" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "promotion_uses_created_idx" ON "promotion_uses" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_idx" ON "promotions" USING btree ("code") WHERE "promotions"."code" is not null;--> statement-breakpoint
CREATE INDEX "promotions_created_idx" ON "promotions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_discount_check" CHECK ("order_items"."discount_paise" >= 0 and "order_items"."discount_paise" <= "order_items"."unit_price_paise"::bigint * "order_items"."quantity");--> statement-breakpoint
-- A sale's prices are drawn into the product pages: a change to a promotion (not its counters, which every
-- checkout with it moves) tells the listening servers to drop their product caches, as products do.
CREATE TRIGGER promotions_changed_notify
  AFTER INSERT OR DELETE OR TRUNCATE ON promotions
  FOR EACH STATEMENT EXECUTE FUNCTION products_changed_notify();
--> statement-breakpoint
CREATE TRIGGER promotions_edited_notify
  AFTER UPDATE OF name, kind, value_hundredths, applies_to, code, starts_at, ends_at, min_order_paise, priority, exclusive, target, buy_quantity, get_quantity, get_percent, max_applications, enabled ON promotions
  FOR EACH STATEMENT EXECUTE FUNCTION products_changed_notify();
