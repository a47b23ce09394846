import type { JobQueue } from '../jobs/queue.ts';

export interface Effects {
  jobs: Pick<JobQueue, 'send' | 'wake'>;
  webUrl: string;
}
