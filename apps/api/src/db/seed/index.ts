import type { Config } from '../../env.ts';
import type { Database } from '../client.ts';

export interface DemoAccount {
  email: string;
  password: string;
  role: 'user' | 'admin';
}

// Placeholder until the demo catalogue lands.
export async function seedDemo(_database: Database, _config: Config): Promise<{ seeded: boolean; accounts: DemoAccount[] }> {
  return { seeded: false, accounts: [] };
}
