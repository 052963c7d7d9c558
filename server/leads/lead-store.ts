// Where leads are kept: one interface, with a SQL store (D1 on Cloudflare, a SQLite file in Node:
// sql-lead-store.ts) and a Netlify Blobs store (blobs-lead-store.ts). Every decision that two
// requests (or a request and `sitegen leads replay`) could race on is one conditional write here:
// taking a submission id, claiming a lead to forward it.

/** Accepted leads are delivered, pending or failed; spam and unverified ones are kept aside and never forwarded. */
export const leadStatuses = ['delivered', 'pending', 'failed', 'spam', 'unverified'] as const;
export type LeadStatus = (typeof leadStatuses)[number];

/** The statuses of a lead the endpoint accepted: a retry with its id is answered as it was. */
export const acceptedStatuses: readonly LeadStatus[] = ['delivered', 'pending', 'failed'];

/** A stored lead. Times are milliseconds since 1970. */
export interface LeadRecord {
  submissionId: string;
  form: string;
  email: string;
  /** What the automation receives (SPEC section 7). */
  fields: Record<string, string>;
  fingerprint: string;
  status: LeadStatus;
  /** Why it is kept aside (`honeypot`, `captcha-failed`…), or why it is being held (`verifying`). */
  reason: string | null;
  /** The first answer to an accepted lead (JSON), given again to a retry of it. */
  answer: string | null;
  attempts: number;
  lastError: string | null;
  /** Until when a request verifying it, or a worker forwarding it, holds it. */
  claimedUntil: number | null;
  /** A marked test lead (`sitegen check-forms`). */
  test: boolean;
  createdAt: number;
  updatedAt: number;
  deliveredAt: number | null;
}

/** A lead as a request brings it. */
export interface NewLead {
  submissionId: string;
  form: string;
  email: string;
  fields: Record<string, string>;
  fingerprint: string;
  test: boolean;
}

/** What taking a submission id found. */
export type BeginResult = { taken: true } | { taken: false; existing: LeadRecord };

/** A retention rule: leads of a form (any when absent) and status, older than `days`. */
export interface RetentionRule {
  form?: string;
  status: LeadStatus;
  days: number;
}

export interface LeadStore {
  get(submissionId: string): Promise<LeadRecord | null>;
  /**
   * Stores the lead as `unverified` (reason `verifying`), held until `holdUntil`, unless its id
   * belongs to an accepted lead or to an attempt still held: that record is returned instead.
   * A lead kept aside (spam, unverified) gives way: a verified retry of a refused lead succeeds.
   */
  begin(lead: NewLead, now: number, holdUntil: number): Promise<BeginResult>;
  /** Records what the checks decided for a lead this request took, and lets it go. */
  settle(
    submissionId: string,
    verdict: { status: LeadStatus; reason: string | null; answer: string | null },
    now: number,
  ): Promise<void>;
  /**
   * Claims an accepted lead that is not delivered and that nobody holds (a forward in progress),
   * until `holdUntil`; returns it, or null when it is delivered or held by another.
   */
  claim(submissionId: string, now: number, holdUntil: number): Promise<LeadRecord | null>;
  /**
   * Accepts a lead kept aside (spam or unverified, not being verified) after a person reviewed it:
   * it becomes pending, with its reason kept as `approved: <reason>`; returns it, or null when the
   * lead is not one kept aside.
   */
  approve(submissionId: string, now: number): Promise<LeadRecord | null>;
  /** Records one forward's outcome of a lead this worker claimed: delivered, or still pending, or failed, with the error. */
  recordForward(
    submissionId: string,
    outcome: { status: 'delivered' | 'pending' | 'failed'; error: string | null; attempts: number },
    now: number,
  ): Promise<void>;
  /** Counts a post from `address` in the minute `minute` and returns the count so far. */
  countPost(address: string, minute: number): Promise<number>;
  /** Every lead, oldest first, or those of one status. */
  list(status?: LeadStatus): Promise<LeadRecord[]>;
  /** Removes every lead of this email address (any case); returns how many. */
  erase(email: string): Promise<number>;
  /** Removes the leads the rules say are kept no longer; returns how many. */
  prune(rules: readonly RetentionRule[], now: number): Promise<number>;
}
