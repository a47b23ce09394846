// A second process for the restock race (apps/api/src/flows/shoppers-back.test.ts): it sweeps the database
// named on its command line `rounds` times once it reads "go" on stdin, then prints how many mails it queued.
import { createInterface } from 'node:readline';
import { openDatabase } from '../src/db/client.ts';
import { createJobQueue } from '../src/jobs/queue.ts';
import { sweepRestocked } from '../src/flows/shoppers-back.ts';

const [databaseUrl, rounds = '5'] = process.argv.slice(2);
const database = await openDatabase({ databaseUrl, poolSize: 4 });
const jobs = createJobQueue(database, (err, what) => console.error(what, err));
await jobs.start();
console.log('ready');
const lines = createInterface({ input: process.stdin });
for await (const line of lines) if (line.trim() === 'go') break;
let queued = 0;
for (let i = 0; i < Number(rounds); i++) queued += await sweepRestocked(database.db, { jobs, webUrl: 'http://shop.test', publicUrl: 'http://shop.test' });
console.log(`queued ${queued}`);
lines.close();
await jobs.stop(5000);
await database.close();
