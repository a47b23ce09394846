import type { Config } from '../../env.ts';
import type { PaymentProvider } from './provider.ts';

// Placeholder until the payments module lands.
export function createPaymentProvider(_config: Config): PaymentProvider {
  const unavailable = () => {
    throw new Error('Card payments are not available yet');
  };
  return {
    name: 'test',
    keyId: 'rzp_test_local',
    checkoutScriptUrl: '/api/payment/checkout.js',
    createOrder: unavailable,
    verifyPaymentSignature: () => false,
    verifyWebhookSignature: () => false,
  };
}
