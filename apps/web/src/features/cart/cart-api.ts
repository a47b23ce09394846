import type { CartAddBody, CartItem } from '@shop/shared/cart';
import { api } from '../../lib/api-client';

export const cartApi = {
  list: () => api<CartItem[]>('/cart'),
  add: (body: CartAddBody) => api<CartItem>('/cart', { method: 'POST', body }),
  update: (id: number, quantity: number) =>
    api<CartItem>(`/cart/${id}`, { method: 'PATCH', body: { quantity } }),
  remove: (id: number) => api<unknown>(`/cart/${id}`, { method: 'DELETE' }),
  empty: () => api<unknown>('/cart', { method: 'DELETE' }),
};
