import { DEMO_ADDRESS } from './catalogue.ts';

/** The demo shop's accounts, with passwords published in the README: never in production. */
export const DEMO_USERS = [
  { email: 'admin@sareepari.local', password: 'Admin@1234', role: 'admin', name: 'Shop Admin', phoneNumber: '+919820054321', addresses: [] },
  { email: 'asha@sareepari.local', password: 'Shopper@1234', role: 'user', name: 'Asha Rao', phoneNumber: DEMO_ADDRESS.phone, addresses: [DEMO_ADDRESS] },
] as const;

/** Production refuses these addresses: their passwords are published. */
export const DEMO_EMAILS: readonly string[] = DEMO_USERS.map((u) => u.email);

