CREATE TABLE "shop_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"markdown" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE INDEX "products_live_id_idx" ON "products" USING btree ("id","updated_at") WHERE not "products"."deleted";--> statement-breakpoint
CREATE INDEX "products_live_discount_idx" ON "products" USING btree ("discount_percentage" DESC NULLS FIRST,"id") WHERE not "products"."deleted";
