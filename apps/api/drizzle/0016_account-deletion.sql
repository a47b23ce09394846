-- docs/product.md, My Profile: a deleted account keeps its row, emptied of the person, so orders and invoices still point at it.
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;
