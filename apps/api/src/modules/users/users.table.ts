import { eq, sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Address, Role } from '@shop/shared';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    role: text('role').$type<Role>().notNull().default('user'),
    passwordHash: text('password_hash').notNull(),
    imageUrl: text('image_url'),
    addresses: jsonb('addresses').$type<Address[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // docs/product.md, My Profile: a deleted account keeps its row (orders and invoices point at it), emptied.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    // docs/product.md, Wishlist: price-drop mails (opt-out in the profile), at most one a day.
    priceDropMails: boolean('price_drop_mails').notNull().default(true),
    priceDropMailedAt: timestamp('price_drop_mailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // The admin's order search by the customer's account name or email.
    index('users_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    // Admin → Customers finds a shopper by any run of their phone's digits.
    index('users_phone_digits_trgm_idx').using('gin', sql`regexp_replace(${t.phoneNumber}, '[^0-9]', '', 'g') gin_trgm_ops`),
    check('users_role_check', sql`${t.role} in ('user', 'admin', 'staff')`),
  ],
);

/** Emails are unique whatever their case (users_email_lower_idx). */
export const emailIs = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());
