// `npm run bench`: the benchmark's entry, outside the server's source tree (STYLE.md).
import { runBench } from './index.ts';

process.exit(await runBench(process.argv.slice(2)));
