// Checks a lead's reCAPTCHA token with Google, server-side: classic keys with `siteverify`,
// Enterprise keys with an assessment. A token passes only when Google says it is valid, it was
// solved on the site's own host, within the token's lifetime, and (where Google gives them) for
// the form's action with a score at or above the minimum.

/** Google's verification address for classic keys. */
export const googleVerifyUrl = 'https://www.google.com/recaptcha/api/siteverify';
/** Google's assessment address for Enterprise keys (`{project}` is the Google Cloud project). */
export const googleAssessmentUrl = 'https://recaptchaenterprise.googleapis.com/v1/projects/{project}/assessments';

/** How long a solved token is good for: Google's own limit. */
export const tokenLifetimeMs = 2 * 60 * 1000;

export interface CaptchaSettings {
  secret: string;
  /** `siteverify`, or the assessment address for Enterprise; another value only in tests. */
  verifyUrl: string;
  enterprise: boolean;
  siteKey: string;
  /** The host a token must have been solved on: the site's. */
  hostname: string;
  /** The form's action, checked where Google reports one (v3, Enterprise). */
  action: string;
  minScore: number;
  timeoutMs: number;
}

/**
 * What the check found: passed; refused for a reason (`captcha-failed`, `wrong-hostname`,
 * `token-expired`, `wrong-action`, `low-score`); or not done because Google could not be asked
 * (`verification-unavailable`): a slow or failing answer, or one that is not Google's JSON.
 */
export type CaptchaVerdict = { ok: true } | { ok: false; reason: string; unavailable: boolean; detail: string };

const refused = (reason: string, detail: string): CaptchaVerdict => ({ ok: false, reason, unavailable: false, detail });
const unavailable = (detail: string): CaptchaVerdict => ({
  ok: false,
  reason: 'verification-unavailable',
  unavailable: true,
  detail,
});

/** Google's answer, classic or Enterprise, reduced to what is checked. */
interface TokenFacts {
  valid: boolean;
  /** Why Google found it invalid, in its own words. */
  invalidReason: string;
  hostname?: string;
  action?: string;
  score?: number;
  solvedAt?: number;
}

/** Asks Google about `token` and judges its answer. */
export async function verifyCaptcha(
  token: string,
  settings: CaptchaSettings,
  now: () => number = Date.now,
): Promise<CaptchaVerdict> {
  let response: Response;
  try {
    response = settings.enterprise
      ? await fetch(settings.verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-goog-api-key': settings.secret },
          body: JSON.stringify({ event: { token, siteKey: settings.siteKey, expectedAction: settings.action } }),
          redirect: 'manual',
          signal: AbortSignal.timeout(settings.timeoutMs),
        })
      : await fetch(settings.verifyUrl, {
          method: 'POST',
          body: new URLSearchParams({ secret: settings.secret, response: token }),
          redirect: 'manual',
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
  } catch (error) {
    return unavailable(
      (error as Error).name === 'TimeoutError'
        ? `no answer within ${settings.timeoutMs} ms`
        : `could not be reached: ${(error as Error).message}`,
    );
  }
  if (!response.ok) {
    await response.body?.cancel();
    return unavailable(`answered ${response.status}`);
  }
  let answer: unknown;
  try {
    answer = await response.json();
  } catch {
    return unavailable('answered with something other than JSON');
  }
  const facts = settings.enterprise ? enterpriseFacts(answer) : classicFacts(answer);
  if (!facts) return unavailable('answered JSON that is not a verification result');
  if (!facts.valid) {
    // Google says so for a token older than its lifetime and for one already verified once.
    if (/timeout-or-duplicate|EXPIRED|DUPE/i.test(facts.invalidReason))
      return refused('token-expired', facts.invalidReason);
    return refused('captcha-failed', facts.invalidReason || 'not valid');
  }
  if (facts.hostname?.toLowerCase() !== settings.hostname.toLowerCase())
    return refused('wrong-hostname', `solved on ${JSON.stringify(facts.hostname ?? null)}, not ${settings.hostname}`);
  if (facts.solvedAt === undefined || now() - facts.solvedAt > tokenLifetimeMs)
    return refused('token-expired', 'solved more than two minutes ago');
  if (facts.action && facts.action !== settings.action)
    return refused(
      'wrong-action',
      `for action ${JSON.stringify(facts.action)}, not ${JSON.stringify(settings.action)}`,
    );
  if (facts.score !== undefined && facts.score < settings.minScore)
    return refused('low-score', `score ${facts.score} is below ${settings.minScore}`);
  return { ok: true };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const timeOf = (value: unknown) =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? Date.parse(value) : undefined;

/** `siteverify`'s answer: `success`, `challenge_ts`, `hostname`, `error-codes`, and `score` and `action` for v3. */
function classicFacts(answer: unknown): TokenFacts | undefined {
  if (!isRecord(answer) || typeof answer.success !== 'boolean') return undefined;
  return {
    valid: answer.success,
    invalidReason: Array.isArray(answer['error-codes']) ? answer['error-codes'].join(', ') : '',
    ...(typeof answer.hostname === 'string' ? { hostname: answer.hostname } : {}),
    ...(typeof answer.action === 'string' && answer.action !== '' ? { action: answer.action } : {}),
    ...(typeof answer.score === 'number' ? { score: answer.score } : {}),
    ...(timeOf(answer.challenge_ts) !== undefined ? { solvedAt: timeOf(answer.challenge_ts) } : {}),
  };
}

/** An assessment: `tokenProperties` (`valid`, `invalidReason`, `hostname`, `action`, `createTime`) and `riskAnalysis.score`. */
function enterpriseFacts(answer: unknown): TokenFacts | undefined {
  if (!isRecord(answer) || !isRecord(answer.tokenProperties) || typeof answer.tokenProperties.valid !== 'boolean')
    return undefined;
  const token = answer.tokenProperties;
  const score =
    isRecord(answer.riskAnalysis) && typeof answer.riskAnalysis.score === 'number'
      ? answer.riskAnalysis.score
      : undefined;
  return {
    valid: token.valid === true,
    invalidReason: typeof token.invalidReason === 'string' ? token.invalidReason : '',
    ...(typeof token.hostname === 'string' ? { hostname: token.hostname } : {}),
    ...(typeof token.action === 'string' && token.action !== '' ? { action: token.action } : {}),
    ...(score !== undefined ? { score } : {}),
    ...(timeOf(token.createTime) !== undefined ? { solvedAt: timeOf(token.createTime) } : {}),
  };
}
