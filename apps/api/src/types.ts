import type { Role } from '@shop/shared';
import type { Config } from './env.ts';
import type { Db } from './db/client.ts';
import type { Background } from './lib/background.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PaymentProvider } from './modules/payments/provider.ts';

/** Who a route is for (docs/security.md, Access): every route declares one, or the server refuses to start. */
export type Access = 'open' | 'user' | 'admin';

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
    payments: PaymentProvider;
    /** The job queue on the database (jobs/queue.ts, plugins/jobs.ts). */
    jobs: JobQueue;
    /** Work after the reply (lib/background.ts). */
    background: Background;
    /** Whether the request comes from an allowed origin (plugins/origin.ts). */
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
