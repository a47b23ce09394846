import type { JobQueue } from '../jobs/queue.ts';

/** What a flow leaves behind it: jobs written in its transaction (mails), and the base of the mails' links. */
export interface Effects {
  jobs: Pick<JobQueue, 'send' | 'wake'>;
  webUrl: string;
}
