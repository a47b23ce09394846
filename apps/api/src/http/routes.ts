import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth.routes.ts';
import { cartRoutes } from './cart.routes.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { documentRoutes, reportRoutes } from './invoices.routes.ts';
import { jobRoutes } from './jobs.routes.ts';
import { orderRoutes } from './orders.routes.ts';
import { pageRoutes } from './pages.routes.ts';
import { resetRequestRoutes } from './password-reset.routes.ts';
import { paymentRoutes } from './payments.routes.ts';
import { productFacetRoutes, productRoutes } from './products.routes.ts';
import { sizeChartRoutes } from './size-charts.routes.ts';
import { settingsRoutes } from './settings.routes.ts';
import { staffRoutes } from './staff.routes.ts';
import { brandRoutes, categoryRoutes } from './taxonomy.routes.ts';
import { uploadRoutes } from './uploads.routes.ts';
import { userRoutes } from './users.routes.ts';

export async function apiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(resetRequestRoutes, { prefix: '/api/mail' });
  await app.register(userRoutes, { prefix: '/api/users' });
  await app.register(productRoutes, { prefix: '/api/products' });
  await app.register(productFacetRoutes, { prefix: '/api/product-facets' });
  await app.register(sizeChartRoutes, { prefix: '/api/size-charts' });
  await app.register(brandRoutes, { prefix: '/api/brands' });
  await app.register(categoryRoutes, { prefix: '/api/category' });
  await app.register(uploadRoutes, { prefix: '/api/uploads' });
  await app.register(cartRoutes, { prefix: '/api/cart' });
  await app.register(orderRoutes, { prefix: '/api/orders' });
  await app.register(documentRoutes, { prefix: '/api/orders' });
  await app.register(reportRoutes, { prefix: '/api/reports' });
  await app.register(paymentRoutes, { prefix: '/api/payment' });
  await app.register(jobRoutes, { prefix: '/api/jobs' });
  await app.register(pageRoutes, { prefix: '/api/pages' });
  await app.register(settingsRoutes, { prefix: '/api/settings' });
  await app.register(dashboardRoutes, { prefix: '/api/dashboard' });
  await app.register(staffRoutes, { prefix: '/api/staff' });
}
