DROP INDEX "products_rating_idx";--> statement-breakpoint
CREATE INDEX "products_live_category_brand_idx" ON "products" USING btree ("category","brand","rating" DESC NULLS FIRST,"id","price_paise","discounted_price_paise") WHERE not "products"."deleted";--> statement-breakpoint
CREATE INDEX "products_live_brand_idx" ON "products" USING btree ("brand","rating" DESC NULLS FIRST,"id","category","price_paise","discounted_price_paise") WHERE not "products"."deleted";--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ("rating" DESC NULLS FIRST,"id");