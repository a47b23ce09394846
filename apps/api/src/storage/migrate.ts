import { eachLimited, pictureType, type PictureStorage } from './storage.ts';

export interface CopyReport {
  copied: string[];
  skipped: string[];
  ignored: string[];
}

const IN_FLIGHT = 8;

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
