CREATE TABLE "low_stock_alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "low_stock_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"stock" integer NOT NULL,
	"threshold" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"by_user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "low_stock_alerts" ADD CONSTRAINT "low_stock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "low_stock_alerts_at_idx" ON "low_stock_alerts" USING btree ("at");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","at","id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_items_order_sales_idx" ON "order_items" USING btree ("order_id","product_id","quantity","unit_price_paise");--> statement-breakpoint
CREATE INDEX "orders_listed_status_created_idx" ON "orders" USING btree ("listed","status","created_at");--> statement-breakpoint
CREATE INDEX "orders_dashboard_idx" ON "orders" USING btree ("created_at","status","payment_method","payment_status","total_amount_paise","total_items","id") WHERE "orders"."listed";--> statement-breakpoint
CREATE INDEX "orders_address_name_trgm_idx" ON "orders" USING gin (lower("selected_address"->>'name') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_address_email_trgm_idx" ON "orders" USING gin (lower("selected_address"->>'email') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_address_phone_trgm_idx" ON "orders" USING gin (regexp_replace("selected_address"->>'phone', '[^0-9]', '', 'g') gin_trgm_ops);
--> statement-breakpoint
-- Orders placed before the history existed: their placement, and the status they have now when it differs.
INSERT INTO "order_status_history" ("order_id", "from_status", "to_status", "at")
SELECT "id", NULL, 'pending', "created_at" FROM "orders";--> statement-breakpoint
INSERT INTO "order_status_history" ("order_id", "from_status", "to_status", "at")
SELECT "id", 'pending', "status", "updated_at" FROM "orders" WHERE "status" <> 'pending';
