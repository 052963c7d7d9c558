import { absoluteUrlProblem, SiteError, type UrlRules } from 'sitegen/site';
import type { SiteData } from './schemas/schemas.ts';
import { recaptchaSiteKey, siteSchema } from './schemas/site-config.ts';

// Site config values given at build time rather than in content/data/site.json: environment
// variables and `--site-url`. Each value is checked as what it is.

/** Environment variables that may replace site config values at build time. */
export const siteEnvOverrides = {
  SITE_URL: 'siteUrl',
  CHAT_PERSONA_URL: 'chatPersonaUrl',
  SCHEDULING_URL: 'schedulingUrl',
  FORM_WEBHOOK_URL: 'formWebhookUrl',
  LEAD_ENDPOINT: 'leadEndpoint',
  RECAPTCHA_SITE_KEY: 'recaptcha.siteKey',
  RECAPTCHA_ENTERPRISE: 'recaptcha.enterprise',
} as const;

/** A site config field that may be overridden at build time. */
export type SiteOverrideField = (typeof siteEnvOverrides)[keyof typeof siteEnvOverrides];

/** Override values by field, each with the variable or flag it came from (errors name it). */
export type SiteOverrides = Partial<Record<SiteOverrideField, { value: string; from: string }>>;

/** Picks the site overrides out of environment variables; empty ones are ignored. */
export function siteOverridesFromEnv(env: Record<string, string | undefined>): SiteOverrides {
  const overrides: SiteOverrides = {};
  for (const [variable, field] of Object.entries(siteEnvOverrides)) {
    const value = env[variable];
    if (value !== undefined && value !== '') overrides[field] = { value, from: variable };
  }
  return overrides;
}

/** Applies overrides, then `--site-url` (which wins), and trims the site URL's trailing slashes; each value is checked as what it is. */
export function applySiteOverrides(data: SiteData, overrides: SiteOverrides, siteUrlFlag?: string): SiteData {
  const site = { ...data.site, recaptcha: { ...data.site.recaptcha } };
  for (const [field, { value, from }] of Object.entries(overrides) as [
    SiteOverrideField,
    { value: string; from: string },
  ][]) {
    if (field === 'recaptcha.siteKey') site.recaptcha.siteKey = requireSiteKey(value, from);
    else if (field === 'recaptcha.enterprise') site.recaptcha.enterprise = requireBoolean(value, from);
    else if (field === 'siteUrl') site.siteUrl = requireUrl(value, from, siteOriginRules);
    else if (field === 'leadEndpoint') site.leadEndpoint = requireEndpointPath(value, from);
    else site[field] = requireUrl(value, from, serviceUrlRules);
  }
  if (siteUrlFlag) site.siteUrl = requireUrl(siteUrlFlag, '--site-url', siteOriginRules);
  site.siteUrl = site.siteUrl.replace(/\/+$/, '');
  return { ...data, site };
}

/** The site's origin: http(s), no path; it is joined to every canonical URL, sitemap and feed entry. */
const siteOriginRules: UrlRules = { http: true, originOnly: true };
/** Services the pages talk to: https, or plain http to this machine (a local webhook catcher in dev and tests). */
const serviceUrlRules: UrlRules = { loopbackHttp: true };

function requireUrl(value: string, name: string, rules: UrlRules): string {
  const problem = absoluteUrlProblem(value, rules);
  if (problem)
    throw new SiteError({ code: 'config.bad-url', message: `${name}: ${problem}, got ${JSON.stringify(value)}` });
  return value;
}

function requireEndpointPath(value: string, name: string): string {
  const result = siteSchema.shape.leadEndpoint.safeParse(value);
  if (!result.success)
    throw new SiteError({
      code: 'config.bad-value',
      message: `${name}: ${result.error.issues[0]!.message}, got ${JSON.stringify(value)}`,
    });
  return value;
}

function requireSiteKey(value: string, name: string): string {
  const result = recaptchaSiteKey.safeParse(value);
  if (!result.success)
    throw new SiteError({
      code: 'config.bad-value',
      message: `${name}: ${result.error.issues[0]!.message}, got ${JSON.stringify(value)}`,
    });
  return value;
}

/** `true`/`1` and `false`/`0`: anything else is a typo that would silently mean false. */
function requireBoolean(value: string, name: string): boolean {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new SiteError({
    code: 'config.bad-value',
    message: `${name}: expected true, false, 1 or 0, got ${JSON.stringify(value)}`,
  });
}
