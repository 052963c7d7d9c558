import { SiteError } from '../errors.ts';
import { errorCatalogue } from '../error-catalogue.ts';
import type { SiteData } from '../site-model/schemas.ts';

// Site config values given at build time rather than in content/data/site.json. Validation
// takes them as a plain record; only the command layer reads the environment.

/** Environment variables that may replace site config values at build time. */
export const siteEnvOverrides = {
  SITE_URL: 'siteUrl',
  CHAT_PERSONA_URL: 'chatPersonaUrl',
  SCHEDULING_URL: 'schedulingUrl',
  FORM_WEBHOOK_URL: 'formWebhookUrl',
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

/** Applies overrides, then `--site-url` (which wins), and trims the site URL's trailing slashes. */
export function applySiteOverrides(data: SiteData, overrides: SiteOverrides, siteUrlFlag?: string): SiteData {
  const site = { ...data.site, recaptcha: { ...data.site.recaptcha } };
  for (const [field, { value, from }] of Object.entries(overrides) as [SiteOverrideField, { value: string; from: string }][]) {
    if (field === 'recaptcha.siteKey') site.recaptcha.siteKey = value;
    else if (field === 'recaptcha.enterprise') site.recaptcha.enterprise = value === 'true' || value === '1';
    else site[field] = requireHttpUrl(value, from);
  }
  if (siteUrlFlag) site.siteUrl = requireHttpUrl(siteUrlFlag, '--site-url');
  site.siteUrl = site.siteUrl.replace(/\/+$/, '');
  return { ...data, site };
}

function requireHttpUrl(value: string, name: string): string {
  if (!/^https?:\/\/[^\s/]+/.test(value)) {
    throw new SiteError({ code: 'config.bad-url', message: errorCatalogue['config.bad-url'].message(name, value) });
  }
  return value;
}
