// `npm run bench`: the benchmark's entry, outside the server's source tree (docs/style.md, Tree).
import { runBench } from './index.ts';
import { runDashboardBench } from './dashboard.ts';

const [first, ...rest] = process.argv.slice(2);
// `npm run bench -- dashboard`: the dashboard's own scenario (issue 16), on a database of its own.
process.exit(first === 'dashboard' ? await runDashboardBench(rest) : await runBench(process.argv.slice(2)));
