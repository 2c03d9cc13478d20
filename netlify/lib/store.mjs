// Reading and writing Netlify Blobs safely under concurrency.
//
// Every read-modify-write goes through update(): inside one instance a per-key lock runs the
// writers of a key one after another, and between instances the write is conditional (onlyIfNew
// for a new key, onlyIfMatch with the etag read) and tried again when another writer got there
// first. The lock matters even where the store's conditional writes are atomic: it turns a race
// into a queue. Where they are not (the local BlobsServer checks, then writes), it is what keeps
// two writers in one process from both succeeding.

/** A promise chain per key: run(key, fn) starts fn once every earlier fn of that key settled. */
export class KeyedLock {
  constructor() {
    this.tails = new Map();
  }

  async run(key, fn) {
    const before = this.tails.get(key) ?? Promise.resolve();
    let release;
    const mine = new Promise((resolve) => { release = resolve; });
    const tail = before.then(() => mine);
    this.tails.set(key, tail);
    await before;
    try {
      return await fn();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  get size() {
    return this.tails.size;
  }
}

/** A blob's JSON value and etag, or null. */
export async function readJSON(store, key) {
  const found = await store.getWithMetadata(key, { type: "json", consistency: "strong" });
  return found ? { value: found.data, etag: found.etag } : null;
}

export const UNCHANGED = Symbol("unchanged");
const ATTEMPTS = 12;

/**
 * Read key, compute its next value with change(current | null), write it only if nobody
 * wrote it meanwhile, and try again if somebody did. change may return UNCHANGED (no write)
 * or throw (nothing is written). Resolves to {value, written}.
 */
export async function update(store, locks, key, change) {
  return locks.run(key, async () => {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const current = await readJSON(store, key);
      const next = await change(current ? structuredClone(current.value) : null);
      if (next === UNCHANGED) return { value: current?.value ?? null, written: false };
      const options = current ? { onlyIfMatch: current.etag } : { onlyIfNew: true };
      const result = await store.setJSON(key, next, options);
      if (result.modified) return { value: next, written: true };
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * (attempt + 1)));
    }
    throw new Error(`${key}: gave up after ${ATTEMPTS} conflicting writes`);
  });
}

/** Write value under key unless the key exists; resolves to the value stored there either way. */
export async function createOnce(store, locks, key, value) {
  const { value: stored } = await update(store, locks, key, (current) => (current === null ? value : UNCHANGED));
  return stored;
}
