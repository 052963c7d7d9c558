// The lead store in SQL (server/migrations/): D1 on Cloudflare, the SQLite file LEADS_DB in Node.
// Each race is settled by one conditional statement, which SQLite runs alone: an INSERT that
// takes a free id or overwrites a refused attempt, an UPDATE that claims an unclaimed lead.
import type { SqlDatabase, SqlValue } from 'sitegen/site';
import type { BeginResult, LeadRecord, LeadStatus, LeadStore, NewLead, RetentionRule } from './lead-store.ts';

const dayMs = 24 * 60 * 60 * 1000;

interface LeadRow {
  submission_id: string;
  form: string;
  email: string;
  fields: string;
  fingerprint: string;
  status: LeadStatus;
  reason: string | null;
  answer: string | null;
  attempts: number;
  last_error: string | null;
  claimed_until: number | null;
  test: number;
  created_at: number;
  updated_at: number;
  delivered_at: number | null;
}

function recordOf(row: LeadRow): LeadRecord {
  return {
    submissionId: row.submission_id,
    form: row.form,
    email: row.email,
    fields: JSON.parse(row.fields) as Record<string, string>,
    fingerprint: row.fingerprint,
    status: row.status,
    reason: row.reason,
    answer: row.answer,
    attempts: row.attempts,
    lastError: row.last_error,
    claimedUntil: row.claimed_until,
    test: row.test === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deliveredAt: row.delivered_at,
  };
}

/** The lead store of a SQL database with the site's migrations applied. */
export function sqlLeadStore(db: SqlDatabase): LeadStore {
  const get = async (id: string) => {
    const row = await db.prepare('SELECT * FROM leads WHERE submission_id = ?').bind(id).first<LeadRow>();
    return row ? recordOf(row) : null;
  };
  return {
    get,
    async begin(lead: NewLead, now: number, holdUntil: number): Promise<BeginResult> {
      const values: SqlValue[] = [
        lead.submissionId,
        lead.form,
        lead.email,
        JSON.stringify(lead.fields),
        lead.fingerprint,
        holdUntil,
        lead.test ? 1 : 0,
        now,
        now,
      ];
      // Taken when the id is new, or held by a refused attempt or an abandoned one (its hold passed).
      const taken = await db
        .prepare(
          `INSERT INTO leads (submission_id, form, email, fields, fingerprint, status, reason, claimed_until, test, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, 'unverified', 'verifying', ?, ?, ?, ?)
        ON CONFLICT (submission_id) DO UPDATE SET form = excluded.form, email = excluded.email, fields = excluded.fields, fingerprint = excluded.fingerprint,
          status = 'unverified', reason = 'verifying', answer = NULL, claimed_until = excluded.claimed_until, test = excluded.test, updated_at = excluded.updated_at
        WHERE leads.status IN ('spam', 'unverified') AND (leads.claimed_until IS NULL OR leads.claimed_until <= ?)`,
        )
        .bind(...values, now)
        .run();
      if (taken.meta.changes === 1) return { taken: true };
      const existing = await get(lead.submissionId);
      // Gone between the two statements (erased): nothing holds the id.
      return existing ? { taken: false, existing } : this.begin(lead, now, holdUntil);
    },
    async settle(id, verdict, now) {
      await db
        .prepare(
          'UPDATE leads SET status = ?, reason = ?, answer = ?, claimed_until = NULL, updated_at = ? WHERE submission_id = ?',
        )
        .bind(verdict.status, verdict.reason, verdict.answer, now, id)
        .run();
    },
    async claim(id, now, holdUntil) {
      const claimed = await db
        .prepare(
          `UPDATE leads SET claimed_until = ?, updated_at = ? WHERE submission_id = ? AND status IN ('pending', 'failed')
        AND (claimed_until IS NULL OR claimed_until <= ?)`,
        )
        .bind(holdUntil, now, id, now)
        .run();
      return claimed.meta.changes === 1 ? get(id) : null;
    },
    async approve(id, now) {
      const approved = await db
        .prepare(
          `UPDATE leads SET status = 'pending', reason = 'approved: ' || COALESCE(reason, ''), updated_at = ?
        WHERE submission_id = ? AND status IN ('spam', 'unverified') AND (claimed_until IS NULL OR claimed_until <= ?)`,
        )
        .bind(now, id, now)
        .run();
      return approved.meta.changes === 1 ? get(id) : null;
    },
    async recordForward(id, outcome, now) {
      await db
        .prepare(
          'UPDATE leads SET status = ?, last_error = ?, attempts = attempts + ?, claimed_until = NULL, updated_at = ?, delivered_at = ? WHERE submission_id = ?',
        )
        .bind(outcome.status, outcome.error, outcome.attempts, now, outcome.status === 'delivered' ? now : null, id)
        .run();
    },
    async countPost(address, minute) {
      const [, counted] = await db.batch([
        db.prepare('DELETE FROM lead_posts WHERE minute < ?').bind(minute - 1),
        db
          .prepare(
            'INSERT INTO lead_posts (address, minute, count) VALUES (?, ?, 1) ON CONFLICT (address, minute) DO UPDATE SET count = count + 1 RETURNING count',
          )
          .bind(address, minute),
      ]);
      return countOf(counted);
    },
    async list(status) {
      const statement = status
        ? db.prepare('SELECT * FROM leads WHERE status = ? ORDER BY created_at, submission_id').bind(status)
        : db.prepare('SELECT * FROM leads ORDER BY created_at, submission_id');
      return (await statement.all<LeadRow>()).results.map(recordOf);
    },
    async erase(email) {
      return (await db.prepare('DELETE FROM leads WHERE lower(email) = lower(?)').bind(email).run()).meta.changes;
    },
    async prune(rules: readonly RetentionRule[], now: number) {
      let removed = 0;
      for (const rule of rules) {
        const before = now - rule.days * dayMs;
        const statement = rule.form
          ? db
              .prepare('DELETE FROM leads WHERE status = ? AND form = ? AND created_at < ?')
              .bind(rule.status, rule.form, before)
          : db.prepare('DELETE FROM leads WHERE status = ? AND created_at < ?').bind(rule.status, before);
        removed += (await statement.run()).meta.changes;
      }
      return removed;
    },
  };
}

/** The count a batch's `RETURNING count` statement gave. */
function countOf(result: unknown): number {
  return Number(((result as { results?: { count?: number }[] }).results ?? [])[0]?.count ?? 0);
}
