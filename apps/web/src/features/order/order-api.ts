import type { AdminOrderList, Order, OrderBody, OrderStatusEvent, OwnerOrderList } from '@shop/shared/order';
import type { OrderStatus } from '@shop/shared/constants';
import { api, toQuery } from '../../lib/api-client';

export interface OrderSort {
  _sort?: string;
  _order?: 'asc' | 'desc';
}
/** The admin's order filters (issue 16), named as the API names them. */
export interface OrderFilters {
  search?: string;
  status?: readonly string[];
  paymentMethod?: string;
  from?: string;
  to?: string;
}
export interface OrderPagination {
  _page: number;
  _per_page: number;
}

export const orderApi = {
  /** The key makes a retried placement return the first order instead of a second one. */
  create: (body: OrderBody & Record<string, unknown>, idempotencyKey: string) =>
    api<Order>('/orders', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
  owner: (p: OrderPagination) => api<OwnerOrderList>(`/orders/owner${toQuery({ ...p })}`),
  admin: (sort: OrderSort, p: OrderPagination, filters: OrderFilters = {}) =>
    api<AdminOrderList>(
      `/orders/admin${toQuery({ _sort: sort._sort ?? 'createdAt', _order: sort._order ?? 'desc', ...p, ...filters })}`,
    ),
  byId: (id: number | string) => api<Order>(`/orders/${id}`),
  history: (id: number) => api<OrderStatusEvent[]>(`/orders/${id}/history`),
  update: (id: number, status: OrderStatus) =>
    api<Order>(`/orders/${id}`, { method: 'PATCH', body: { status } }),
};
