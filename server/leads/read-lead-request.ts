// The first steps of the lead endpoint: who may post, how much, in which encoding, and what the
// post holds. A form posts JSON from its island, or form-encoded when the browser runs no
// JavaScript; both come down to one envelope here.
import { leadFormSchemas, submissionIdPattern, type LeadFormName } from '../../client/forms/lead-schema.ts';

/** The largest body the endpoint reads. */
export const maxBodyBytes = 32 * 1024;

/** What a post holds, whatever its encoding. */
export interface LeadEnvelope {
  form: LeadFormName;
  /** The form's own id for this lead, or one made here for a post without one. */
  submissionId: string;
  values: Record<string, string>;
  token: string;
  /** The hidden field people leave empty. */
  honeypot: string;
  /** How long the form was open before it was sent, as the island measured it; absent without JavaScript. */
  fillMs?: number;
  /** Sent form-encoded by a browser without JavaScript: it is answered with a page, not JSON. */
  plainForm: boolean;
  /** A marked test lead from `sitegen check-forms`, to be verified by its signature. */
  testSignature?: string;
}

/** Why a request is refused before its fields are read. */
export type RequestRefusal = { status: 403 | 405 | 413 | 415 | 400; error: string };

const formNames: readonly string[] = Object.keys(leadFormSchemas);

/** Whether the request comes from a page of the site: its `Origin` is the site's, or the endpoint's own (a deploy preview). */
export function isOwnOrigin(request: Request, siteUrl: string): boolean {
  const origin = request.headers.get('origin');
  if (!origin) return false;
  return origin === new URL(siteUrl).origin || origin === new URL(request.url).origin;
}

/** Reads at most `limit` bytes of the body; undefined when it holds more. */
export async function readBounded(request: Request, limit: number): Promise<Uint8Array | undefined> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) {
    await request.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The envelope of a post, or why it cannot be read. */
export async function readLeadRequest(request: Request, newId: () => string): Promise<LeadEnvelope | RequestRefusal> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const plainForm = type === 'application/x-www-form-urlencoded';
  if (!plainForm && type !== 'application/json' && type !== 'text/plain')
    return { status: 415, error: 'unsupported-type' };
  const bytes = await readBounded(request, maxBodyBytes);
  if (!bytes) return { status: 413, error: 'too-large' };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { status: 400, error: 'not-utf-8' };
  }
  let raw: Record<string, unknown>;
  if (plainForm) {
    raw = Object.fromEntries(new URLSearchParams(text));
  } else {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        return { status: 400, error: 'not-an-object' };
      raw = parsed as Record<string, unknown>;
    } catch {
      return { status: 400, error: 'not-json' };
    }
  }
  const string = (name: string) => (typeof raw[name] === 'string' ? raw[name] : '');
  if (!formNames.includes(string('form'))) return { status: 400, error: 'unknown-form' };
  const id = string('submissionId');
  if (id !== '' && !submissionIdPattern.test(id)) return { status: 400, error: 'bad-submission-id' };
  const fill = typeof raw.fillMs === 'number' ? raw.fillMs : Number.NaN;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) if (typeof value === 'string') values[name] = value;
  return {
    form: string('form') as LeadFormName,
    submissionId: id || newId(),
    values,
    // A widget rendered without the island posts its token under Google's own field name.
    token: string('recaptchaToken') || string('g-recaptcha-response'),
    honeypot: string('website'),
    ...(Number.isFinite(fill) ? { fillMs: fill } : {}),
    plainForm,
    ...(string('testSignature') ? { testSignature: string('testSignature') } : {}),
  };
}
