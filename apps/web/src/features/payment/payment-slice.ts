import { createAsyncThunk, createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { OrderBody, PaymentVerifyBody } from '@shop/shared/order';
import { isSessionEnded } from '../../lib/session-ended';
import { paymentApi } from './payment-api';

export const INVALID_PAYMENT_DETAILS = 'Invalid payment details received from the server';

export interface PaymentState {
  // SPEC §4 spells the flag paymentSucess; kept so the state reads as the spec does.
  paymentSucess: boolean;
  /** The provider's order id. */
  paymentId: string | null;
  /** The provider's public key id. */
  razorpayID: string | null;
  /** Our order, reserved until paid. */
  orderId: number | null;
  /** In paise, as the provider wants it. */
  amount: number | null;
  status: 'idle' | 'loading';
  error: string | null;
}

const initialState: PaymentState = {
  paymentSucess: false,
  paymentId: null,
  razorpayID: null,
  orderId: null,
  amount: null,
  status: 'idle',
  error: null,
};

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export const initiatePayment = createAsyncThunk(
  'payment/initiatePayment',
  async (
    { order, idempotencyKey }: { order: OrderBody & Record<string, unknown>; idempotencyKey: string },
    { rejectWithValue },
  ) => {
    try {
      const reply = await paymentApi.initiate(order, idempotencyKey);
      // SPEC §8: without both ids the provider window cannot open.
      if (!reply?.razorpayID || !reply.paymentId) return rejectWithValue(INVALID_PAYMENT_DETAILS);
      return reply;
    } catch (e) {
      return rejectWithValue(message(e));
    }
  },
);

/** Sends the provider's signed answer; the server replies with the paid order. */
export const verifyPayment = createAsyncThunk(
  'payment/verifyPayment',
  async (body: PaymentVerifyBody, { rejectWithValue }) => {
    try {
      return await paymentApi.verify(body);
    } catch (e) {
      return rejectWithValue(message(e));
    }
  },
);

export const paymentSlice = createSlice({
  name: 'payment',
  initialState,
  reducers: {
    paymentReset: () => initialState,
    /** The provider window reported a failure or was closed: keep its words for the shopper. */
    paymentFailed: (s, a: PayloadAction<string>) => {
      s.error = a.payload;
      s.status = 'idle';
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(initiatePayment.fulfilled, (s, a) => {
        s.paymentSucess = true;
        s.paymentId = a.payload.paymentId;
        s.razorpayID = a.payload.razorpayID;
        s.orderId = a.payload.orderId;
        s.amount = a.payload.amount;
      })
      .addMatcher(isSessionEnded, () => initialState)
      .addMatcher(isAnyOf(initiatePayment.pending, verifyPayment.pending), (s) => {
        s.status = 'loading';
        s.error = null;
      })
      .addMatcher(isAnyOf(initiatePayment.fulfilled, verifyPayment.fulfilled), (s) => {
        s.status = 'idle';
      })
      .addMatcher(isAnyOf(initiatePayment.rejected, verifyPayment.rejected), (s, a) => {
        s.status = 'idle';
        s.error = (a.payload as string | undefined) ?? a.error.message ?? 'Something went wrong';
      });
  },
});

export const { paymentReset, paymentFailed } = paymentSlice.actions;

type WithPayment = { payment: PaymentState };
export const selectPayment = (s: WithPayment) => s.payment;
export const selectPaymentStatus = (s: WithPayment) => s.payment.status;
export const selectPaymentError = (s: WithPayment) => s.payment.error;
