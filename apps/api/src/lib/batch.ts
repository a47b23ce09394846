// The keys asked for in one turn of the event loop share one database round trip (docs/performance.md).
export interface BatchLoader<K, V> {
  load(key: K): Promise<V | undefined>;
}

export function batchLoader<K, V>(
  fetchMany: (keys: K[]) => Promise<Map<K, V>>,
  maxBatch = 100,
): BatchLoader<K, V> {
  type Waiter = { resolve: (v: V | undefined) => void; reject: (e: unknown) => void };
  let pending = new Map<K, Waiter[]>();

  const run = async (batch: Map<K, Waiter[]>) => {
    try {
      const values = await fetchMany([...batch.keys()]);
      for (const [key, waiters] of batch) for (const w of waiters) w.resolve(values.get(key));
    } catch (err) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
    }
  };

  const flush = () => {
    const all = [...pending];
    pending = new Map();
    for (let i = 0; i < all.length; i += maxBatch) void run(new Map(all.slice(i, i + maxBatch)));
  };

  return {
    load(key) {
      return new Promise((resolve, reject) => {
        if (pending.size === 0) setImmediate(flush);
        const waiters = pending.get(key);
        if (waiters) waiters.push({ resolve, reject });
        else pending.set(key, [{ resolve, reject }]);
      });
    },
  };
}
