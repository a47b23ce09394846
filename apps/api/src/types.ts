import type { CourierFor } from './flows/shipping.ts';
import type { Role } from '@shop/shared';
import type { Config } from './env.ts';
import type { Db } from './db/client.ts';
import type { Background } from './lib/background.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PaymentProvider } from './modules/payments/provider.ts';
import type { PhoneSender } from './phone/phone.ts';

/** docs/security.md, Access: 'staff' admits the owner (role admin) and staff; 'admin' only the owner. */
export type Access = 'open' | 'user' | 'staff' | 'admin';

export interface SessionUser {
  id: number;
  email: string;
  role: Role;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    mailer: Mailer;
    /** Messages to shoppers' phones, sent only by the `phone` job's worker (plugins/jobs.ts). */
    phone: PhoneSender;
    /** Couriers with an API, one client per saved account (decision 041). */
    couriers: CourierFor;
    payments: PaymentProvider;
    jobs: JobQueue;
    background: Background;
    fromAllowedOrigin(req: FastifyRequest): boolean;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** false for routes authenticated by a signature rather than the cookie (payment callbacks). */
    originCheck?: boolean;
  }
}
