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
