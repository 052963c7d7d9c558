import { parseDraft, serializeDraft, type LeadDraft } from './lead-draft.ts';

/** One form's draft in storage: reads never throw, writes that fail are dropped. */
export interface DraftStore {
  load(fieldNames: readonly string[]): LeadDraft;
  save(draft: LeadDraft): void;
  clear(): void;
}

/**
 * sessionStorage, if this browser lets the page use it: reading the property throws where
 * storage is blocked (cookies disabled, some sandboxed frames).
 */
function sessionStorageOrNone(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * The draft stored under `key` in `storage` (sessionStorage by default). Storage that is
 * missing, full or refuses access leaves the form working without drafts: every call swallows
 * the storage's errors, and a draft that cannot be written (too large, storage full) removes
 * the older one rather than leaving stale values behind.
 */
export function draftStore(key: string, storage: () => Storage | undefined = sessionStorageOrNone): DraftStore {
  const attempt = <T>(action: (store: Storage) => T, fallback: T): T => {
    try {
      const store = storage();
      return store ? action(store) : fallback;
    } catch {
      return fallback;
    }
  };
  return {
    load: (fieldNames) =>
      parseDraft(
        attempt((store) => store.getItem(key), null),
        fieldNames,
      ),
    save: (draft) => {
      const text = serializeDraft(draft);
      const written = text !== undefined && attempt((store) => (store.setItem(key, text), true), false);
      if (!written) attempt((store) => store.removeItem(key), undefined);
    },
    clear: () => attempt((store) => store.removeItem(key), undefined),
  };
}
