export * from '../modules/users/users.table.ts';
export * from '../modules/auth/auth.table.ts';
export * from '../modules/catalog/catalog.table.ts';
export * from '../modules/products/products.table.ts';
export * from '../modules/cart/cart.table.ts';
export * from '../modules/orders/orders.table.ts';
export * from '../modules/payments/payments.table.ts';
export * from '../plugins/rate-limit.table.ts';
