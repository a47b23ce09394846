ALTER TABLE "tax_documents" ALTER COLUMN "number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_documents" ALTER COLUMN "serial" DROP NOT NULL;--> statement-breakpoint
-- Decision 027: a tax document is numbered when its transaction commits, by this deferred trigger,
-- so the series' counter row (which every invoice of the year shares) is locked only for the commit,
-- not for the statements and round trips between the document's insert and the commit. The number
-- still comes from a counter bumped in the issuing transaction: a rollback gives it back (no gaps).
-- SET CONSTRAINTS tax_documents_number IMMEDIATE numbers at once where the number is needed before.
CREATE OR REPLACE FUNCTION number_tax_document() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  prefix text := CASE NEW.kind WHEN 'invoice' THEN 'INV' ELSE 'CN' END;
  next_serial integer;
  next_number text;
BEGIN
  INSERT INTO document_counters AS c (series, financial_year, last_number) VALUES (prefix, NEW.financial_year, 1)
  ON CONFLICT (series, financial_year) DO UPDATE SET last_number = c.last_number + 1
  RETURNING c.last_number INTO next_serial;
  -- INV/26-27/000001: six digits at least (rule 46 allows sixteen characters in all).
  next_number := prefix || '/' || substr(NEW.financial_year, 3) || '/' || lpad(next_serial::text, greatest(6, length(next_serial::text)), '0');
  UPDATE tax_documents
  SET serial = next_serial, number = next_number, document = document || jsonb_build_object('number', next_number)
  WHERE id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER tax_documents_number AFTER INSERT ON tax_documents
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION number_tax_document();
