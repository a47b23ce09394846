export interface Background {
  run(what: string, task: () => Promise<unknown>): void;
  drain(): Promise<void>;
}

export function createBackground(log: (err: unknown, what: string) => void): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(what, task) {
      const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .then(
          () => undefined,
          (err: unknown) => log(err, what),
        )
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async drain() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
