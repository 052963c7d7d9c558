import { locateJsonField, type RawJson, SiteError } from 'sitegen/site';
import type { SiteData } from './schemas/schemas.ts';
import { siteEnvOverrides, type SiteOverrideField, type SiteOverrides } from './overrides.ts';

// What a deployed site must not ship with, though a local build, `dev` and the tests need it:
// reCAPTCHA's public test key, URLs that are plain http or lead to this machine or an example
// host, and contact details left unset (the legal pages would leave out their line). `build
// --production` refuses these; a plain build reports them as warnings.

/**
 * Site keys Google publishes for automated tests: every visitor passes and the widget says it is
 * "for testing purposes only". reCAPTCHA v3 and Enterprise publish none (Enterprise test keys are
 * keys of one's own project with testing options), so this is the one key to refuse.
 */
export const recaptchaTestSiteKeys: ReadonlySet<string> = new Set(['6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI']);

/** Where the site config values came from, so each problem names the place to change. */
export interface ConfigSources {
  /** `content/data/site.json` as loaded: its path and text locate a field. */
  siteJson?: RawJson;
  overrides: SiteOverrides;
  /** `--site-url` was given; it wins over SITE_URL and site.json. */
  siteUrlFlag?: boolean;
  /** The lead endpoint's variables as the build sees them (RECAPTCHA_SECRET_KEY, RECAPTCHA_VERIFY_URL). */
  env?: Record<string, string | undefined>;
}

/** Google's verification address: the only one a deployed endpoint may ask (server/leads/verify-captcha.ts). */
const googleVerifyOrigins = ['https://www.google.com', 'https://recaptchaenterprise.googleapis.com'];

type SiteConfig = SiteData['site'];
type UrlField = 'siteUrl' | 'formWebhookUrl' | 'schedulingUrl' | 'chatPersonaUrl';

/** What each URL must be, as the hint asks for it. */
const urlPurpose: Record<UrlField, string> = {
  siteUrl: "the site's public https origin",
  formWebhookUrl: 'the https address of the webhook that receives leads',
  schedulingUrl: 'the https address of your booking page',
  chatPersonaUrl: 'the https address of the chat page',
};

/** Every problem that makes the config unsafe to deploy, each naming its source and what to do. */
export function productionConfigProblems(site: SiteConfig, sources: ConfigSources): SiteError[] {
  const problems: SiteError[] = [];
  for (const field of Object.keys(urlPurpose) as UrlField[]) {
    const reason = publicUrlProblem(site[field] as string | undefined);
    if (reason) problems.push(problemAt(field, reason, urlPurpose[field], sources));
  }
  const key = site.recaptcha.siteKey;
  if (recaptchaTestSiteKeys.has(key)) {
    const reason = `${JSON.stringify(key)} is Google's public reCAPTCHA test key: every visitor, bot or not, passes the captcha`;
    problems.push(
      problemAt(
        'recaptcha.siteKey',
        reason,
        "your site's own key (reCAPTCHA admin console, or Google Cloud for Enterprise)",
        sources,
      ),
    );
  }
  problems.push(...contactProblems(site, sources));
  problems.push(...leadEndpointProblems(site, sources));
  return problems;
}

/**
 * With the forms posting to the site's own endpoint, the endpoint must verify every captcha
 * token with Google: a build without the secret would keep every lead as unverified, and one
 * with another verification address (a test stub) would take whatever that address says.
 */
function leadEndpointProblems(site: SiteConfig, sources: ConfigSources): SiteError[] {
  if (!site.leadEndpoint) return [];
  const code = 'config.unsafe-for-production';
  const named = sources.overrides.leadEndpoint
    ? `${sources.overrides.leadEndpoint.from} (leadEndpoint)`
    : 'leadEndpoint';
  const problems: SiteError[] = [];
  const env = sources.env ?? {};
  if (!env.RECAPTCHA_SECRET_KEY) {
    problems.push(
      new SiteError({
        code,
        message: `${named}: the forms post to the lead endpoint, but RECAPTCHA_SECRET_KEY is not set, so it could verify no captcha and would keep every lead as unverified`,
        hint: 'Set RECAPTCHA_SECRET_KEY to your reCAPTCHA secret key where the site builds and where the endpoint runs (docs/receiving-leads.md).',
      }),
    );
  }
  const verifyUrl = env.RECAPTCHA_VERIFY_URL;
  if (verifyUrl) {
    let origin = '';
    try {
      origin = new URL(verifyUrl).origin;
    } catch {
      // Not a URL at all: refused below like any other address.
    }
    if (!googleVerifyOrigins.includes(origin)) {
      problems.push(
        new SiteError({
          code,
          message: `RECAPTCHA_VERIFY_URL: ${JSON.stringify(verifyUrl)} is not Google's verification address: the endpoint would accept whatever it answers`,
          hint: 'Unset RECAPTCHA_VERIFY_URL (it is for tests): the endpoint then asks Google.',
        }),
      );
    }
  }
  return problems;
}

type ContactField = keyof SiteConfig['contact'];

/** What an unset contact detail costs the published site, and what the hint asks for. */
const contactPurpose: Record<ContactField, { unsetMeans: string; wanted: string }> = {
  email: {
    unsetMeans:
      'the terms and privacy pages would leave out the line with it, and a form whose captcha cannot load has no address to offer',
    wanted: 'the address visitors can write to, such as hello@your-domain.com',
  },
  postalAddress: {
    unsetMeans: 'the terms and privacy pages would leave out the line with it',
    wanted: 'the postal address the company receives mail at, on one line',
  },
};

/** Contact details the published pages print but site.json leaves unset, or an email nobody reads. */
function contactProblems(site: SiteConfig, sources: ConfigSources): SiteError[] {
  const problems: SiteError[] = [];
  for (const field of Object.keys(contactPurpose) as ContactField[]) {
    const value = site.contact[field];
    const domain = field === 'email' && value ? value.slice(value.lastIndexOf('@') + 1) : undefined;
    const reason = !value
      ? `is not set, so ${contactPurpose[field].unsetMeans}`
      : domain && isLocalOrExampleHost(domain)
        ? `${JSON.stringify(value)} is at ${domain}, a local or example domain nobody reads`
        : undefined;
    if (!reason) continue;
    const name = `contact.${field}`;
    const hint = `Set ${name} in content/data/site.json to ${contactPurpose[field].wanted}.`;
    const at = sources.siteJson
      ? { file: sources.siteJson.file, ...locateJsonField(sources.siteJson.source, ['contact', field]) }
      : {};
    problems.push(
      new SiteError({ code: 'config.incomplete-for-production', message: `${name}: ${reason}`, hint, ...at }),
    );
  }
  return problems;
}

/** Why `value` cannot be a public address a visitor's browser reaches safely, or undefined. */
export function publicUrlProblem(value: string | undefined): string | undefined {
  if (!value) return 'is missing';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${JSON.stringify(value)} is not an absolute URL`;
  }
  if (isLocalOrExampleHost(url.hostname))
    return `${JSON.stringify(value)} points at ${url.hostname}, a local or example host visitors cannot reach`;
  if (url.protocol !== 'https:') return `${JSON.stringify(value)} is not https: browsers would send it in clear text`;
  return undefined;
}

/** Loopback, unspecified and private-network addresses, and the names reserved for examples and tests (RFC 2606, 6761). */
export function isLocalOrExampleHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (/^\[(::1?|f[cd][0-9a-f]*:.*|fe[89ab][0-9a-f]:.*)\]$/.test(host)) return true;
  if (/^(127|10|0)\.\d+\.\d+\.\d+$/.test(host) || /^(192\.168|169\.254)\.\d+\.\d+$/.test(host)) return true;
  if (/^172\.(1[6-9]|2\d|3[01])\.\d+\.\d+$/.test(host)) return true;
  if (/(^|\.)example\.(com|net|org)$/.test(host)) return true;
  return /(^|\.)(localhost|example|test|invalid|local)$/.test(host);
}

/** A problem with `field`, located in site.json or named by the variable or flag that set it. */
function problemAt(field: SiteOverrideField, reason: string, wanted: string, sources: ConfigSources): SiteError {
  const variable = variableOf(field);
  const code = 'config.unsafe-for-production';
  if (field === 'siteUrl' && sources.siteUrlFlag) {
    return new SiteError({ code, message: `--site-url (siteUrl): ${reason}`, hint: `Pass --site-url ${wanted}.` });
  }
  const override = sources.overrides[field];
  if (override)
    return new SiteError({
      code,
      message: `${override.from} (${field}): ${reason}`,
      hint: `Set ${override.from} to ${wanted}.`,
    });
  const hint = `Set ${field} in content/data/site.json, or the ${variable} variable, to ${wanted}.`;
  if (!sources.siteJson) return new SiteError({ code, message: `${field}: ${reason}`, hint });
  const { file, source } = sources.siteJson;
  return new SiteError({
    code,
    message: `${field}: ${reason}`,
    hint,
    file,
    ...locateJsonField(source, field.split('.')),
  });
}

function variableOf(field: SiteOverrideField): string {
  return Object.entries(siteEnvOverrides).find(([, overridden]) => overridden === field)![0];
}
