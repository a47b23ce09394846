CREATE TABLE "product_sales_daily" (
	"day" date NOT NULL,
	"product_id" integer NOT NULL,
	"units" integer NOT NULL,
	"revenue_paise" bigint NOT NULL,
	CONSTRAINT "product_sales_daily_day_product_id_pk" PRIMARY KEY("day","product_id")
);
--> statement-breakpoint
DROP INDEX "order_items_order_idx";--> statement-breakpoint
-- product_sales_daily follows the orders that earn (issue 16, decision 018): a listed order that is
-- not cancelled and is cash or paid. Its lines count on the Indian calendar day the order was placed.
-- Rows are written in product order, so two transactions never wait on each other's rows in turn.
CREATE OR REPLACE FUNCTION order_earns(listed boolean, status text, method text, payment_status text)
  RETURNS boolean LANGUAGE sql IMMUTABLE AS
  $$ SELECT listed AND status <> 'cancelled' AND (method = 'cash' OR payment_status = 'paid') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ist_day(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS
  $$ SELECT ((at AT TIME ZONE 'UTC') + interval '330 minutes')::date $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_sales_add(order_id integer, day date, sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_sales_daily AS s (day, product_id, units, revenue_paise)
  SELECT day, i.product_id, sign * sum(i.quantity)::int, sign * sum(i.quantity::bigint * i.unit_price_paise)
  FROM order_items i WHERE i.order_id = product_sales_add.order_id
  GROUP BY i.product_id ORDER BY i.product_id
  ON CONFLICT (day, product_id) DO UPDATE
    SET units = s.units + EXCLUDED.units, revenue_paise = s.revenue_paise + EXCLUDED.revenue_paise
$$;
--> statement-breakpoint
-- Lines of an order that already earns (a cash order is placed earning; a card order's lines come in
-- while it waits for its payment, and count when it is paid).
CREATE OR REPLACE FUNCTION product_sales_lines_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_sales_daily AS s (day, product_id, units, revenue_paise)
  SELECT ist_day(o.created_at), a.product_id, sum(a.quantity)::int, sum(a.quantity::bigint * a.unit_price_paise)
  FROM added a JOIN orders o ON o.id = a.order_id
  WHERE order_earns(o.listed, o.status, o.payment_method, o.payment_status)
  GROUP BY 1, 2 ORDER BY 2, 1
  ON CONFLICT (day, product_id) DO UPDATE
    SET units = s.units + EXCLUDED.units, revenue_paise = s.revenue_paise + EXCLUDED.revenue_paise;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_sales_lines_added AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION product_sales_lines_added();
--> statement-breakpoint
-- An order that starts or stops earning (paid, cancelled, moved back out of cancelled) or moves day.
CREATE OR REPLACE FUNCTION product_sales_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := order_earns(OLD.listed, OLD.status, OLD.payment_method, OLD.payment_status);
  earns boolean := order_earns(NEW.listed, NEW.status, NEW.payment_method, NEW.payment_status);
BEGIN
  IF was AND earns AND ist_day(OLD.created_at) = ist_day(NEW.created_at) THEN RETURN NULL; END IF;
  IF was THEN PERFORM product_sales_add(OLD.id, ist_day(OLD.created_at), -1); END IF;
  IF earns THEN PERFORM product_sales_add(NEW.id, ist_day(NEW.created_at), 1); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_sales_order_changed AFTER UPDATE OF listed, status, payment_method, payment_status, created_at ON orders
  FOR EACH ROW EXECUTE FUNCTION product_sales_order_changed();
--> statement-breakpoint
-- Before the cascade takes its lines: an earning order deleted takes its sales with it.
CREATE OR REPLACE FUNCTION product_sales_order_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF order_earns(OLD.listed, OLD.status, OLD.payment_method, OLD.payment_status) THEN
    PERFORM product_sales_add(OLD.id, ist_day(OLD.created_at), -1);
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_sales_order_deleted BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION product_sales_order_deleted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_sales_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_sales_daily;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_sales_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION product_sales_truncate();
--> statement-breakpoint
INSERT INTO product_sales_daily (day, product_id, units, revenue_paise)
  SELECT ist_day(o.created_at), i.product_id, sum(i.quantity)::int, sum(i.quantity::bigint * i.unit_price_paise)
  FROM orders o JOIN order_items i ON i.order_id = o.id
  WHERE order_earns(o.listed, o.status, o.payment_method, o.payment_status)
  GROUP BY 1, 2;
