import type { Adapter, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  expiresAt: number;
}

/** Most entries the realm keeps per model before dropping the oldest: memory stays bounded. */
const MAX_ENTRIES_PER_MODEL = 10_000;

/**
 * oidc-provider's storage for the demo realm: in memory (demo sessions need not survive a
 * restart), expiring entries by their TTL and capped in size.
 */
export function createMemoryAdapterFactory(now: () => number = Date.now) {
  const models = new Map<string, Map<string, Entry>>();
  const grants = new Map<string, Set<string>>();

  return (name: string): Adapter => {
    const store = models.get(name) ?? new Map<string, Entry>();
    models.set(name, store);
    const key = (id: string) => `${name}:${id}`;
    const live = (id: string) => {
      const entry = store.get(id);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        store.delete(id);
        return undefined;
      }
      return entry.payload;
    };
    return {
      async upsert(id, payload, expiresIn) {
        if (store.size >= MAX_ENTRIES_PER_MODEL && !store.has(id)) {
          const oldest = store.keys().next().value;
          if (oldest !== undefined) store.delete(oldest);
        }
        store.set(id, { payload, expiresAt: expiresIn ? now() + expiresIn * 1000 : Infinity });
        if (payload.grantId) {
          const set = grants.get(payload.grantId) ?? new Set<string>();
          set.add(key(id));
          grants.set(payload.grantId, set);
        }
      },
      async find(id) {
        return live(id);
      },
      async findByUid(uid) {
        for (const [id, entry] of store) if (entry.payload.uid === uid) return live(id);
        return undefined;
      },
      async findByUserCode(userCode) {
        for (const [id, entry] of store) if (entry.payload.userCode === userCode) return live(id);
        return undefined;
      },
      async consume(id) {
        const entry = store.get(id);
        if (entry) entry.payload.consumed = Math.floor(now() / 1000);
      },
      async destroy(id) {
        store.delete(id);
      },
      async revokeByGrantId(grantId) {
        for (const entryKey of grants.get(grantId) ?? []) {
          const separator = entryKey.indexOf(':');
          models.get(entryKey.slice(0, separator))?.delete(entryKey.slice(separator + 1));
        }
        grants.delete(grantId);
      },
    };
  };
}
