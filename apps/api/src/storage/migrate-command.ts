import { readEnv } from '../env.ts';
import { createStorage } from './index.ts';
import { createLocalStorage } from './local.ts';
import { copyPictures } from './migrate.ts';

async function main(): Promise<number> {
  const config = readEnv();
  if (!config.s3) {
    console.error('storage:migrate copies DATA_DIR/uploads to a bucket: set S3_BUCKET, S3_PUBLIC_URL and the other S3_* variables first.');
    return 2;
  }
  const from = createLocalStorage(config.uploadsDir);
  const to = await createStorage(config);
  try {
    console.log(`Copying pictures from ${from.location} to ${to.location}`);
    const report = await copyPictures(from, to, (key) => console.log(`  copied ${key}`));
    for (const key of report.ignored) console.log(`  left ${key} (not a picture)`);
    console.log(`${report.copied.length} copied, ${report.skipped.length} already in the bucket, ${report.ignored.length} left out.`);
    return 0;
  } finally {
    to.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
