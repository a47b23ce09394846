import { API_BASE } from '../../../lib/api-client';

/** One order's 4×6 inch shipping label, a PDF (409 while the order has no shipment). */
export const labelUrl = (id: number) => `${API_BASE}/orders/${id}/label`;

/** Several orders' labels in one PDF, one a page; orders without a shipment are skipped. */
export const labelsUrl = (ids: readonly number[]) => `${API_BASE}/orders/labels?ids=${ids.join(',')}`;
