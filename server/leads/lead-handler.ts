// The site's lead endpoint, `POST /api/leads` (sitegen.config.ts declares it): a Fetch handler
// that runs the same in `sitegen dev` and `preview`, in a Cloudflare Worker and in a Netlify
// function. In order: the site's own origin only, a bounded body in JSON or form encoding, the
// fields checked with the forms' own schema, the submission id taken in the store (a retry of an
// accepted lead is answered as it was, another lead under its id refused, one still being handled
// told so), the honeypot and the fill time, the rate limit per address, the captcha verified with
// Google; then the verdict stored and the visitor answered (202 once a lead is stored as
// accepted), and the lead forwarded to the automation after the answer. Nothing is dropped: every
// refused lead stays in the store with its reason. docs/receiving-leads.md tells the whole story.
import type { FetchHandler, SqlDatabase } from 'sitegen/site';
import { checkLeadFields, type FieldProblem } from '../../client/forms/lead-schema.ts';
import { failurePage, type FailureKind } from './failure-page.ts';
import { forwardLead, type ForwardSettings } from './forward-lead.ts';
import { formPlace, type FormPlace, type LeadData } from './lead-data.ts';
import { acceptedStatuses, type LeadRecord, type LeadStatus, type LeadStore } from './lead-store.ts';
import { isOwnOrigin, readLeadRequest, type LeadEnvelope } from './read-lead-request.ts';
import { sqlLeadStore } from './sql-lead-store.ts';
import { googleAssessmentUrl, googleVerifyUrl, verifyCaptcha } from './verify-captcha.ts';

/** What the endpoint reads from its environment at request time (lead-variables.ts names the variables). */
export interface LeadEnv {
  RECAPTCHA_SECRET_KEY?: string;
  RECAPTCHA_VERIFY_URL?: string;
  /** The Google Cloud project of an Enterprise key. */
  RECAPTCHA_PROJECT_ID?: string;
  FORM_WEBHOOK_URL?: string;
  LEADS_RATE_LIMIT?: string;
  LEADS_MIN_FILL_MS?: string;
  LEADS_MIN_SCORE?: string;
  LEADS_TIMEOUT_MS?: string;
  LEADS_RETRY_DELAYS_MS?: string;
  /** The SQL store: D1 on Cloudflare, the SQLite file LEADS_DB in Node. */
  LEADS?: SqlDatabase;
  /** The store where a host has no SQL binding (Netlify Blobs: server/netlify-bindings.ts). */
  LEADS_STORE?: LeadStore;
}

/** The endpoint's settings, from its variables; each has a default a site can live with. */
export function leadSettings(env: LeadEnv, enterprise: boolean) {
  const number = (value: string | undefined, fallback: number) =>
    value !== undefined && value.trim() !== '' && Number.isFinite(Number(value)) && Number(value) >= 0
      ? Number(value)
      : fallback;
  const timeoutMs = number(env.LEADS_TIMEOUT_MS, 8000);
  const forward: ForwardSettings = {
    webhookUrl: env.FORM_WEBHOOK_URL || undefined,
    timeoutMs,
    retryDelaysMs: env.LEADS_RETRY_DELAYS_MS
      ? env.LEADS_RETRY_DELAYS_MS.split(',')
          .map((delay) => number(delay, 1000))
          .slice(0, 5)
      : [1000, 4000],
  };
  const verifyUrl =
    env.RECAPTCHA_VERIFY_URL ||
    (enterprise
      ? googleAssessmentUrl.replace('{project}', encodeURIComponent(env.RECAPTCHA_PROJECT_ID ?? ''))
      : googleVerifyUrl);
  return {
    rateLimit: number(env.LEADS_RATE_LIMIT, 10),
    minFillMs: number(env.LEADS_MIN_FILL_MS, 3000),
    minScore: number(env.LEADS_MIN_SCORE, 0.5),
    timeoutMs,
    verifyUrl,
    forward,
  };
}

/** The store the environment gives, if any. */
export function leadStoreOf(env: LeadEnv): LeadStore | undefined {
  return env.LEADS_STORE ?? (env.LEADS ? sqlLeadStore(env.LEADS) : undefined);
}

const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** A hash of the form and its fields: a retry of the same lead has the same. */
async function fingerprintOf(form: string, fields: Record<string, string>): Promise<string> {
  const canonical = JSON.stringify([
    form,
    Object.keys(fields)
      .sort()
      .map((name) => [name, fields[name]]),
  ]);
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical)));
}

const hmacKey = (secret: string, use: 'sign' | 'verify') =>
  crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [use]);

/** The signature `sitegen check-forms` puts on a test lead: HMAC-SHA-256 of its id with the reCAPTCHA secret, in hex. */
export async function testSignatureOf(secret: string, submissionId: string): Promise<string> {
  return hex(
    await crypto.subtle.sign(
      'HMAC',
      await hmacKey(secret, 'sign'),
      new TextEncoder().encode(`check-forms:${submissionId}`),
    ),
  );
}

/** Whether `signature` is the test signature of `submissionId` (compared in constant time). */
async function isTestSignature(secret: string, submissionId: string, signature: string): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/.test(signature)) return false;
  const bytes = new Uint8Array(signature.match(/../g)!.map((pair) => parseInt(pair, 16)));
  return crypto.subtle.verify(
    'HMAC',
    await hmacKey(secret, 'verify'),
    bytes,
    new TextEncoder().encode(`check-forms:${submissionId}`),
  );
}

const newSubmissionId = () => crypto.randomUUID().replaceAll('-', '');

/** How the visitor is answered: JSON to the island, a redirect or a page to a form sent without JavaScript. */
function answersFor(
  envelope: LeadEnvelope,
  data: LeadData,
  place: FormPlace | undefined,
  cors: Record<string, string>,
) {
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    Response.json(body, { status, headers: { 'cache-control': 'no-store', ...cors, ...headers } });
  const page = (kind: FailureKind, status: number, headers: Record<string, string> = {}) =>
    failurePage(data, place, kind, status, headers);
  return {
    /** The lead is stored: 202 with its id and status, or the form's success page. */
    stored: (submissionId: string, status: LeadStatus) =>
      envelope.plainForm && place
        ? new Response(null, { status: 303, headers: { location: place.success, 'cache-control': 'no-store' } })
        : json(202, { submissionId, status }),
    fields: (problems: { field: string; problem: FieldProblem }[]) =>
      envelope.plainForm ? page({ fields: problems }, 422) : json(422, { error: 'invalid-fields', fields: problems }),
    refused: (status: number, error: string, headers: Record<string, string> = {}) =>
      envelope.plainForm
        ? page(status === 429 ? { tooMany: true } : { other: true }, status, headers)
        : json(status, { error }, headers),
  };
}

const handleLead: FetchHandler<LeadEnv> = async (request, env, context) => {
  const data = context.site.data as LeadData;
  const own = isOwnOrigin(request, context.site.url);
  const cors: Record<string, string> = own
    ? { 'access-control-allow-origin': request.headers.get('origin')!, vary: 'Origin' }
    : { vary: 'Origin' };
  if (request.method === 'OPTIONS') {
    return own
      ? new Response(null, {
          status: 204,
          headers: {
            ...cors,
            'access-control-allow-methods': 'POST',
            'access-control-allow-headers': 'content-type',
            'access-control-max-age': '600',
          },
        })
      : new Response(null, { status: 403, headers: cors });
  }
  if (request.method !== 'POST')
    return Response.json({ error: 'post-only' }, { status: 405, headers: { allow: 'POST, OPTIONS' } });
  if (!own) return Response.json({ error: 'wrong-origin' }, { status: 403, headers: cors });

  const envelope = await readLeadRequest(request, newSubmissionId);
  if (!('form' in envelope))
    return Response.json({ error: envelope.error }, { status: envelope.status, headers: cors });
  const { form, submissionId } = envelope;
  const checked = checkLeadFields(form, envelope.values);
  const place = formPlace(data, form, checked.ok ? checked.fields : envelope.values);
  const answer = answersFor(envelope, data, place, cors);
  if (!checked.ok) return answer.fields(checked.problems);
  if (!place) return answer.fields([{ field: 'guide_name', problem: 'choose' }]);
  const { fields } = checked;

  const settings = leadSettings(env, data.recaptcha.enterprise);
  const store = leadStoreOf(env);
  if (!store) return answer.refused(503, 'no-store');
  const now = Date.now();
  const test =
    envelope.testSignature !== undefined &&
    Boolean(env.RECAPTCHA_SECRET_KEY) &&
    (await isTestSignature(env.RECAPTCHA_SECRET_KEY!, submissionId, envelope.testSignature));
  const lead = {
    submissionId,
    form,
    email: fields.email!,
    fields,
    fingerprint: await fingerprintOf(form, fields),
    test,
  };
  let begun;
  try {
    begun = await store.begin(lead, now, now + settings.timeoutMs + 5000);
  } catch {
    return answer.refused(503, 'store-unavailable');
  }
  if (!begun.taken) return answerExisting(begun.existing, lead.fingerprint, answer);

  // From here the id is this request's: every outcome is recorded before the visitor hears it.
  const decide = async (status: LeadStatus, reason: string | null, respond: () => Response): Promise<Response> => {
    const first = acceptedStatuses.includes(status) ? JSON.stringify({ submissionId, status }) : null;
    try {
      await store.settle(submissionId, { status, reason, answer: first }, Date.now());
    } catch {
      // The lead stays in the store as unverified ("verifying"); the visitor is told it failed.
      return answer.refused(503, 'store-unavailable');
    }
    return respond();
  };

  if (envelope.honeypot !== '') return decide('spam', 'honeypot', () => answer.stored(submissionId, 'spam'));
  if (envelope.fillMs !== undefined && envelope.fillMs < settings.minFillMs)
    return decide('spam', 'too-fast', () => answer.refused(403, 'too-fast'));
  let posts: number;
  try {
    posts = await store.countPost(context.clientAddress ?? 'unknown', Math.floor(now / 60_000));
  } catch {
    return decide('unverified', 'store-unavailable', () => answer.refused(503, 'store-unavailable'));
  }
  if (posts > settings.rateLimit) {
    const retryAfter = String(60 - Math.floor((now % 60_000) / 1000));
    return decide('unverified', 'rate-limited', () =>
      answer.refused(429, 'rate-limited', { 'retry-after': retryAfter }),
    );
  }
  if (!test) {
    // Without JavaScript there is no captcha to solve: the lead is kept for review, and the visitor gets what the form promised.
    if (envelope.token === '')
      return decide('unverified', 'no-captcha', () =>
        envelope.plainForm ? answer.stored(submissionId, 'unverified') : answer.refused(403, 'no-captcha'),
      );
    if (!env.RECAPTCHA_SECRET_KEY)
      return decide('unverified', 'verification-unavailable', () => answer.refused(503, 'verification-unavailable'));
    const verdict = await verifyCaptcha(envelope.token, {
      secret: env.RECAPTCHA_SECRET_KEY,
      verifyUrl: settings.verifyUrl,
      enterprise: data.recaptcha.enterprise,
      siteKey: data.recaptcha.siteKey,
      hostname: new URL(context.site.url).hostname,
      action: form,
      minScore: settings.minScore,
      timeoutMs: settings.timeoutMs,
    });
    if (!verdict.ok)
      return decide('unverified', verdict.reason, () =>
        answer.refused(verdict.unavailable ? 503 : 403, verdict.reason),
      );
  }

  const accepted = await decide('pending', null, () => answer.stored(submissionId, 'pending'));
  if (accepted.status !== 202 && accepted.status !== 303) return accepted;
  const forwarding = forwardLead(store, submissionId, settings.forward);
  // A test lead reports every hop at once, as `sitegen check-forms` prints them: stored, then delivered or failed.
  if (test) {
    const forwarded = await forwarding.catch(() => null);
    const stored = await store.get(submissionId).catch(() => null);
    const hops = [
      {
        hop: 'store',
        ok: stored !== null,
        detail: stored ? `stored as ${submissionId}` : 'not found after it was stored',
      },
      {
        hop: 'webhook',
        ok: forwarded === 'delivered',
        detail: forwarded === 'delivered' ? 'delivered' : `not delivered: ${stored?.lastError ?? 'not forwarded'}`,
      },
    ];
    return Response.json({ submissionId, status: stored?.status ?? 'pending', hops }, { status: 202, headers: cors });
  }
  context.waitUntil(forwarding);
  return accepted;
};

/** The answer to a post whose id the store already holds. */
function answerExisting(existing: LeadRecord, fingerprint: string, answer: ReturnType<typeof answersFor>): Response {
  if (!acceptedStatuses.includes(existing.status)) return answer.refused(409, 'in-progress', { 'retry-after': '1' });
  if (existing.fingerprint !== fingerprint) return answer.refused(422, 'submission-id-reused');
  // The first answer again: no second row, no second forward.
  const first = JSON.parse(existing.answer ?? 'null') as { status: LeadStatus } | null;
  return answer.stored(existing.submissionId, first?.status ?? 'pending');
}

export default handleLead;
