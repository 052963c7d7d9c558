// Forwards accepted leads to the automation webhook (FORM_WEBHOOK_URL): the SPEC's body and no
// more (never the token), with a timeout, a few tries with pauses between them, and no redirect
// followed (a followed 302 turns the POST into a GET without its body). A lead is claimed in the
// store first, so a forward after answering and `sitegen leads replay` never both send it; each
// request carries `Idempotency-Key: <submissionId>`, so a receiver can drop the one duplicate a
// crash in the middle of a request can still cause (docs/receiving-leads.md#guarantees).
import type { LeadRecord, LeadStore } from './lead-store.ts';

export interface ForwardSettings {
  webhookUrl: string | undefined;
  timeoutMs: number;
  /** The pauses between tries: `[1000, 4000]` is three tries. */
  retryDelaysMs: readonly number[];
}

/** How long a claim lasts: every try timing out, every pause, and a margin. */
export function claimMs(settings: ForwardSettings): number {
  return (
    settings.timeoutMs * (settings.retryDelaysMs.length + 1) +
    settings.retryDelaysMs.reduce((sum, delay) => sum + delay, 0) +
    5000
  );
}

/** What the webhook did with one try: took it, or why not. */
async function sendOnce(lead: LeadRecord, settings: ForwardSettings): Promise<string | null> {
  if (!settings.webhookUrl) return 'no webhook: FORM_WEBHOOK_URL is not set';
  try {
    const response = await fetch(settings.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': lead.submissionId },
      body: JSON.stringify(lead.test ? { ...lead.fields, test: 'true' } : lead.fields),
      redirect: 'manual',
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    await response.body?.cancel().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return null;
    if (response.status >= 300 && response.status < 400)
      return `answered ${response.status}, a redirect to ${response.headers.get('location') ?? 'nowhere'} (not followed)`;
    return `answered ${response.status}`;
  } catch (error) {
    return (error as Error).name === 'TimeoutError'
      ? `no answer within ${settings.timeoutMs} ms`
      : `could not be reached: ${(error as Error).message}`;
  }
}

/**
 * Claims the lead and sends it, trying again after each pause until it is taken; records
 * `delivered`, or `failed` with the last error. Returns the status recorded, or null when the
 * lead was not claimed (delivered already, or being forwarded by another worker).
 */
export async function forwardLead(
  store: LeadStore,
  submissionId: string,
  settings: ForwardSettings,
  now: () => number = Date.now,
): Promise<'delivered' | 'failed' | null> {
  const lead = await store.claim(submissionId, now(), now() + claimMs(settings));
  if (!lead) return null;
  let error: string | null = null;
  let tries = 0;
  for (const delay of [0, ...settings.retryDelaysMs]) {
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    tries += 1;
    error = await sendOnce(lead, settings);
    if (error === null) break;
  }
  const status = error === null ? 'delivered' : 'failed';
  await store.recordForward(submissionId, { status, error, attempts: tries }, now());
  return status;
}
