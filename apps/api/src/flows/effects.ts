import type { JobQueue } from '../jobs/queue.ts';

export interface Effects {
  jobs: Pick<JobQueue, 'send' | 'wake'>;
  webUrl: string;
  /** The API's public address: a mail's logo is loaded from it. */
  publicUrl: string;
}
