import { skipToken } from '@reduxjs/toolkit/query/react';
import { useGetOrderHistoryQuery } from './order-api';

/** An order's status steps, asked for when `enabled`; a status set here asks for them again. */
export function useStatusHistory(orderId: number, enabled = true) {
  const { data, isError } = useGetOrderHistoryQuery(enabled ? orderId : skipToken);
  return { events: data ?? null, failed: isError };
}
