import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import { MESSAGES } from '@shop/shared/messages';
import type { OrderBody, PaymentVerifyBody } from '@shop/shared/order';
import { isSessionEnded } from '../../lib/session-ended';
import { apiThunk, rejectionMessage } from '../../lib/thunk';
import { paymentApi, type PaymentConfig } from './payment-api';

export interface PaymentState {
  // The original spells the flag paymentSucess; kept (docs/product.md, State).
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
  /** GET /payment/config's reply, kept once loaded. */
  config: PaymentConfig | null;
  /** `done` once the config request has ended, whether it succeeded or not. */
  configStatus: 'idle' | 'loading' | 'done';
}

const initialState: PaymentState = {
  paymentSucess: false,
  paymentId: null,
  razorpayID: null,
  orderId: null,
  amount: null,
  status: 'idle',
  error: null,
  config: null,
  configStatus: 'idle',
};

export const initiatePayment = apiThunk(
  'payment/initiatePayment',
  async ({
    order,
    idempotencyKey,
  }: {
    order: OrderBody & Record<string, unknown>;
    idempotencyKey: string;
  }) => {
    const reply = await paymentApi.initiate(order, idempotencyKey);
    // Without both ids the provider window cannot open.
    if (!reply?.razorpayID || !reply.paymentId) throw new Error(MESSAGES.invalidPaymentDetails);
    return reply;
  },
);

/** Sends the provider's signed answer; the server replies with the paid order. */
export const verifyPayment = apiThunk('payment/verifyPayment', (body: PaymentVerifyBody) =>
  paymentApi.verify(body),
);

/** Whether this shop takes cards at all; asked once and kept (it changes only with the server's setup). */
export const fetchPaymentConfig = apiThunk('payment/fetchPaymentConfig', () => paymentApi.config(), {
  condition: (_, { getState }) => {
    const { payment } = getState() as WithPayment;
    return payment.config === null && payment.configStatus !== 'loading';
  },
});

/** A reset forgets the payment in progress, not the shop's payment setup. */
const cleared = (s: PaymentState): PaymentState => ({
  ...initialState,
  config: s.config,
  configStatus: s.configStatus,
});

export const paymentSlice = createSlice({
  name: 'payment',
  initialState,
  reducers: {
    paymentReset: cleared,
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
      .addCase(fetchPaymentConfig.pending, (s) => {
        s.configStatus = 'loading';
      })
      .addCase(fetchPaymentConfig.fulfilled, (s, a) => {
        s.config = a.payload;
      })
      .addMatcher(isAnyOf(fetchPaymentConfig.fulfilled, fetchPaymentConfig.rejected), (s) => {
        s.configStatus = 'done';
      })
      .addMatcher(isSessionEnded, cleared)
      .addMatcher(isAnyOf(initiatePayment.pending, verifyPayment.pending), (s) => {
        s.status = 'loading';
        s.error = null;
      })
      .addMatcher(isAnyOf(initiatePayment.fulfilled, verifyPayment.fulfilled), (s) => {
        s.status = 'idle';
      })
      .addMatcher(isAnyOf(initiatePayment.rejected, verifyPayment.rejected), (s, a) => {
        s.status = 'idle';
        s.error = rejectionMessage(a);
      });
  },
});

export const { paymentReset, paymentFailed } = paymentSlice.actions;

type WithPayment = { payment: PaymentState };
export const selectPayment = (s: WithPayment) => s.payment;
export const selectPaymentStatus = (s: WithPayment) => s.payment.status;
export const selectPaymentError = (s: WithPayment) => s.payment.error;
export const selectPaymentConfig = (s: WithPayment) => s.payment.config;
export const selectPaymentConfigLoaded = (s: WithPayment) => s.payment.configStatus === 'done';
/** Issue 12: a server without card payments says so; an older one that does not say takes cards. */
export const selectCardPayments = (s: WithPayment) => s.payment.config?.cardPayments !== false;
