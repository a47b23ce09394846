-- Every write to products, by any process or by hand, tells the listening servers to drop their
-- product-list caches (docs/performance.md). NOTIFY is sent at commit, once per transaction.
CREATE OR REPLACE FUNCTION products_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('products_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_changed_notify
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION products_changed_notify();
