// The lead store on Netlify, which has no SQL binding: Netlify Blobs with strong consistency,
// one JSON entry per lead (`lead/<submissionId>`) and one counter per address and minute
// (`posts/<minute>/<address>`). Every change is a conditional write: `onlyIfNew` takes a new id,
// `onlyIfMatch` (the entry's ETag as read) changes one only if nobody changed it since; a write
// that loses reads again and decides again.
import type { BeginResult, LeadRecord, LeadStatus, LeadStore, NewLead, RetentionRule } from './lead-store.ts';

/** The part of a Netlify Blobs store (`getStore` of `@netlify/blobs`) the lead store uses. */
export interface BlobsStore {
  getWithMetadata(key: string, options: { type: 'json' }): Promise<{ data: unknown; etag?: string } | null>;
  setJSON(
    key: string,
    data: unknown,
    options?: { onlyIfNew?: boolean; onlyIfMatch?: string },
  ): Promise<{ modified: boolean; etag?: string }>;
  delete(key: string): Promise<void>;
  list(options: { prefix: string }): Promise<{ blobs: { key: string }[] }>;
}

const dayMs = 24 * 60 * 60 * 1000;
/** Conditional writes that lose are tried again this many times before the store gives up. */
const maxTries = 20;
const leadKey = (id: string) => `lead/${id}`;

/** The lead store of a Netlify Blobs store (open it with `consistency: 'strong'`). */
export function blobsLeadStore(blobs: BlobsStore): LeadStore {
  const read = async (id: string) => {
    const entry = await blobs.getWithMetadata(leadKey(id), { type: 'json' });
    return entry ? { lead: entry.data as LeadRecord, etag: entry.etag } : null;
  };
  /** Changes a lead with `change` (null: leave it) until the write is not lost to another; returns the lead written, or null. */
  const update = async (id: string, change: (lead: LeadRecord) => LeadRecord | null): Promise<LeadRecord | null> => {
    for (let tries = 0; tries < maxTries; tries += 1) {
      const current = await read(id);
      if (!current?.etag) return null;
      const next = change(current.lead);
      if (!next) return null;
      if ((await blobs.setJSON(leadKey(id), next, { onlyIfMatch: current.etag })).modified) return next;
    }
    throw new Error(`lead ${id}: every write lost to another`);
  };
  const all = async () => {
    const { blobs: entries } = await blobs.list({ prefix: 'lead/' });
    const leads = await Promise.all(
      entries.map(
        async (entry) => (await blobs.getWithMetadata(entry.key, { type: 'json' }))?.data as LeadRecord | undefined,
      ),
    );
    return leads
      .filter((lead): lead is LeadRecord => lead !== undefined)
      .sort((a, b) => a.createdAt - b.createdAt || a.submissionId.localeCompare(b.submissionId));
  };
  return {
    get: async (id) => (await read(id))?.lead ?? null,
    async begin(lead: NewLead, now: number, holdUntil: number): Promise<BeginResult> {
      const record: LeadRecord = {
        ...lead,
        status: 'unverified',
        reason: 'verifying',
        answer: null,
        attempts: 0,
        lastError: null,
        claimedUntil: holdUntil,
        createdAt: now,
        updatedAt: now,
        deliveredAt: null,
      };
      for (let tries = 0; tries < maxTries; tries += 1) {
        if ((await blobs.setJSON(leadKey(lead.submissionId), record, { onlyIfNew: true })).modified)
          return { taken: true };
        const current = await read(lead.submissionId);
        if (!current?.etag) continue;
        const existing = current.lead;
        const givesWay =
          (existing.status === 'spam' || existing.status === 'unverified') &&
          (existing.claimedUntil === null || existing.claimedUntil <= now);
        if (!givesWay) return { taken: false, existing };
        if (
          (
            await blobs.setJSON(
              leadKey(lead.submissionId),
              { ...record, createdAt: existing.createdAt },
              { onlyIfMatch: current.etag },
            )
          ).modified
        )
          return { taken: true };
      }
      throw new Error(`lead ${lead.submissionId}: every write lost to another`);
    },
    async settle(id, verdict, now) {
      await update(id, (lead) => ({
        ...lead,
        status: verdict.status,
        reason: verdict.reason,
        answer: verdict.answer,
        claimedUntil: null,
        updatedAt: now,
      }));
    },
    claim: (id, now, holdUntil) =>
      update(id, (lead) =>
        (lead.status === 'pending' || lead.status === 'failed') &&
        (lead.claimedUntil === null || lead.claimedUntil <= now)
          ? { ...lead, claimedUntil: holdUntil, updatedAt: now }
          : null,
      ),
    approve: (id, now) =>
      update(id, (lead) =>
        (lead.status === 'spam' || lead.status === 'unverified') &&
        (lead.claimedUntil === null || lead.claimedUntil <= now)
          ? { ...lead, status: 'pending', reason: `approved: ${lead.reason ?? ''}`, updatedAt: now }
          : null,
      ),
    async recordForward(id, outcome, now) {
      await update(id, (lead) => ({
        ...lead,
        status: outcome.status,
        lastError: outcome.error,
        attempts: lead.attempts + outcome.attempts,
        claimedUntil: null,
        updatedAt: now,
        deliveredAt: outcome.status === 'delivered' ? now : null,
      }));
    },
    async countPost(address, minute) {
      const key = `posts/${minute}/${encodeURIComponent(address)}`;
      for (let tries = 0; tries < maxTries; tries += 1) {
        const current = await blobs.getWithMetadata(key, { type: 'json' });
        if (!current) {
          if ((await blobs.setJSON(key, 1, { onlyIfNew: true })).modified) {
            // The first post of a minute clears the minutes before the last.
            const { blobs: old } = await blobs.list({ prefix: 'posts/' });
            await Promise.all(
              old
                .filter((entry) => Number(entry.key.split('/')[1]) < minute - 1)
                .map((entry) => blobs.delete(entry.key)),
            );
            return 1;
          }
          continue;
        }
        const count = Number(current.data) + 1;
        if (current.etag && (await blobs.setJSON(key, count, { onlyIfMatch: current.etag })).modified) return count;
      }
      throw new Error(`posts of ${address}: every write lost to another`);
    },
    list: async (status?: LeadStatus) => (await all()).filter((lead) => status === undefined || lead.status === status),
    async erase(email) {
      const gone = (await all()).filter((lead) => lead.email.toLowerCase() === email.toLowerCase());
      await Promise.all(gone.map((lead) => blobs.delete(leadKey(lead.submissionId))));
      return gone.length;
    },
    async prune(rules: readonly RetentionRule[], now: number) {
      const gone = (await all()).filter((lead) =>
        rules.some(
          (rule) =>
            rule.status === lead.status &&
            (!rule.form || rule.form === lead.form) &&
            lead.createdAt < now - rule.days * dayMs,
        ),
      );
      await Promise.all(gone.map((lead) => blobs.delete(leadKey(lead.submissionId))));
      return gone.length;
    },
  };
}
