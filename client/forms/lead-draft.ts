// What a visitor typed into a lead form, kept in sessionStorage so that a failed submission and
// a reload lose nothing. Everything read back is treated as junk until proven otherwise: the
// storage is shared with every script of the origin and survives deploys.

/** Longest stored draft, in characters; a longer one is neither written nor read. */
export const maxDraftChars = 32_000;
/** Longest value kept for one field, in characters. */
export const maxValueChars = 8_000;

/** One form's draft: its field values, and the id of the last submission of those values. */
export interface LeadDraft {
  values: Record<string, string>;
  /** The last attempt to send this lead: its id and a fingerprint of the body it sent. */
  attempt?: { id: string; fingerprint: string };
}

const submissionIdPattern = /^[0-9a-f]{32}$/;

/** The storage key of one form on one page; `/x` and `/x/` share it. */
export function draftKey(formName: string, pathname: string): string {
  const page = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return `sitegen:lead-draft:${formName}:${page}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The draft stored as `raw`, keeping only string values of the form's own fields; anything
 * unreadable (missing, oversized, not JSON, the wrong shape) reads as an empty draft.
 */
export function parseDraft(raw: string | null | undefined, fieldNames: readonly string[]): LeadDraft {
  if (!raw || raw.length > maxDraftChars) return { values: {} };
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { values: {} };
  }
  if (!isRecord(data)) return { values: {} };
  const stored = isRecord(data.values) ? data.values : {};
  const values: Record<string, string> = {};
  for (const name of fieldNames) {
    const value = Object.hasOwn(stored, name) ? stored[name] : undefined;
    if (typeof value === 'string') values[name] = value.slice(0, maxValueChars);
  }
  const attempt = data.attempt;
  if (
    isRecord(attempt) &&
    typeof attempt.id === 'string' &&
    submissionIdPattern.test(attempt.id) &&
    typeof attempt.fingerprint === 'string'
  ) {
    return { values, attempt: { id: attempt.id, fingerprint: attempt.fingerprint.slice(0, 16) } };
  }
  return { values };
}

/** The text to store for `draft`, or `undefined` when it would exceed `maxDraftChars`. */
export function serializeDraft(draft: LeadDraft): string | undefined {
  const values = Object.fromEntries(
    Object.entries(draft.values).map(([name, value]) => [name, value.slice(0, maxValueChars)]),
  );
  const text = JSON.stringify(draft.attempt ? { values, attempt: draft.attempt } : { values });
  return text.length <= maxDraftChars ? text : undefined;
}

/** A random submission id: 128 bits as 32 hex digits. */
export function newSubmissionId(
  randomBytes: (length: number) => Uint8Array = (length) => crypto.getRandomValues(new Uint8Array(length)),
): string {
  return Array.from(randomBytes(16), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A short fingerprint of a lead's body (FNV-1a over its JSON), to tell a retry from a new lead. */
export function fingerprintOf(body: Record<string, string>): string {
  const text = JSON.stringify(body);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

/**
 * The submission id for sending `body`: a retry of the same lead (same body as the last attempt)
 * keeps the last attempt's id, so the receiving automation can drop the duplicate; a changed
 * lead gets a new one. Returns the id and the draft to store before sending.
 */
export function prepareAttempt(
  draft: LeadDraft,
  values: Record<string, string>,
  body: Record<string, string>,
  newId: () => string = newSubmissionId,
): { id: string; draft: LeadDraft } {
  const fingerprint = fingerprintOf(body);
  const id = draft.attempt?.fingerprint === fingerprint ? draft.attempt.id : newId();
  return { id, draft: { values, attempt: { id, fingerprint } } };
}
