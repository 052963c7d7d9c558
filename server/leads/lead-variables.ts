/**
 * The variables the lead endpoint reads at request time, as the site definition hands them to it
 * (docs/receiving-leads.md#variables). LEADS_DB, the SQLite file of dev and preview, is read by
 * the engine, which opens the database for it.
 */
export const leadVariables = [
  'RECAPTCHA_SECRET_KEY',
  'RECAPTCHA_VERIFY_URL',
  'RECAPTCHA_PROJECT_ID',
  'FORM_WEBHOOK_URL',
  'LEADS_RATE_LIMIT',
  'LEADS_MIN_FILL_MS',
  'LEADS_MIN_SCORE',
  'LEADS_TIMEOUT_MS',
  'LEADS_RETRY_DELAYS_MS',
] as const;
