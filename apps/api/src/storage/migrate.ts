import { eachLimited, pictureType, type PictureStorage } from './storage.ts';

export interface CopyReport {
  copied: string[];
  /** Keys the target already held. */
  skipped: string[];
  /** Files that are not pictures (no image extension): never published. */
  ignored: string[];
}

/** Writes in flight against the bucket: enough to hide its latency, few enough for a small host. */
const IN_FLIGHT = 8;

/**
 * Copies every picture of `from` (DATA_DIR/uploads) that `to` (the bucket) lacks, under the same
 * key; the database keeps its location-free `/uploads/<key>` references, so nothing else changes.
 * Running it again copies only what is new since.
 */
export async function copyPictures(from: PictureStorage, to: PictureStorage, onCopied: (key: string) => void = () => {}): Promise<CopyReport> {
  const [keys, present] = await Promise.all([from.list(), to.list()]);
  const there = new Set(present);
  const report: CopyReport = { copied: [], skipped: [], ignored: [] };
  const todo: { key: string; type: string }[] = [];
  for (const key of keys) {
    const type = pictureType(key);
    if (!type) report.ignored.push(key);
    else if (there.has(key)) report.skipped.push(key);
    else todo.push({ key, type });
  }
  await eachLimited(todo, IN_FLIGHT, async ({ key, type }) => {
    const bytes = await from.get(key);
    if (!bytes) return;
    await to.put(key, bytes, type);
    report.copied.push(key);
    onCopied(key);
  });
  report.copied.sort();
  return report;
}
