import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SiteError } from '../../cli/errors.ts';
import { loadContent } from '../../cli/load/load-content.ts';
import { siteOverridesFromEnv } from '../../templates/site/overrides.ts';
import { contentRoot, validateSiteModel } from '../helpers/site-model.ts';
import { realSite } from '../helpers/real-site.ts';

// The site's model applies the environment variables a build hands it (`env`) and `--site-url`.

const raw = await loadContent(contentRoot, realSite.definition.content);

test('lets environment variables and --site-url override site config', () => {
  const { site } = validateSiteModel(raw, {
    env: {
      FORM_WEBHOOK_URL: 'https://hooks.example.test/lead',
      RECAPTCHA_SITE_KEY: 'key-123',
      RECAPTCHA_ENTERPRISE: 'true',
    },
    siteUrl: 'https://preview.example.test/',
  }).data;
  assert.equal(site.formWebhookUrl, 'https://hooks.example.test/lead');
  assert.deepEqual(site.recaptcha, { siteKey: 'key-123', enterprise: true });
  assert.equal(site.siteUrl, 'https://preview.example.test');
});

test('picks only the variables the site knows and ignores empty ones', () => {
  assert.deepEqual(
    siteOverridesFromEnv({ SITE_URL: 'https://a.example.test', CHAT_PERSONA_URL: '', PATH: '/usr/bin' }),
    {
      siteUrl: { value: 'https://a.example.test', from: 'SITE_URL' },
    },
  );
});

test('validation reads no environment: only the overrides it is given', () => {
  const before = process.env.SITE_URL;
  process.env.SITE_URL = 'https://from-env.example.test';
  try {
    assert.notEqual(validateSiteModel(raw).data.site.siteUrl, 'https://from-env.example.test');
  } finally {
    if (before === undefined) delete process.env.SITE_URL;
    else process.env.SITE_URL = before;
  }
});

test('rejects an override that is not an http(s) URL, naming the variable', () => {
  assert.throws(
    () => validateSiteModel(raw, { env: { SCHEDULING_URL: 'calendar' } }),
    (error) => {
      assert.ok(error instanceof SiteError);
      assert.equal(error.code, 'config.bad-url');
      assert.match(error.message, /^SCHEDULING_URL: /);
      return true;
    },
  );
});

/** The error an override gives, or undefined when it is accepted. */
function overrideError(env: Record<string, string>, siteUrl?: string): SiteError | undefined {
  try {
    validateSiteModel(raw, { env, siteUrl });
    return undefined;
  } catch (error) {
    if (error instanceof SiteError) return error;
    throw error;
  }
}

test('refuses a SITE_URL or --site-url that is not a bare http(s) origin, naming where it came from', () => {
  const refused: [Record<string, string>, string | undefined, RegExp][] = [
    [{ SITE_URL: 'https://www.example.test\nDisallow: /' }, undefined, /^SITE_URL: /],
    [{ SITE_URL: 'https://www.example.test/blog' }, undefined, /^SITE_URL: /],
    [{ SITE_URL: 'https://www.example.test?x=1' }, undefined, /^SITE_URL: /],
    [{ SITE_URL: 'https://www.example.test<script>' }, undefined, /^SITE_URL: /],
    [{ SITE_URL: 'javascript:alert(1)' }, undefined, /^SITE_URL: /],
    [{}, 'https://www.example.test/ x', /^--site-url: /],
  ];
  for (const [env, flag, name] of refused) {
    const error = overrideError(env, flag);
    assert.equal(error?.code, 'config.bad-url', JSON.stringify(env) + flag);
    assert.match(error.message, name);
  }
  assert.equal(overrideError({ SITE_URL: 'http://127.0.0.1:4173' }), undefined);
});

test('refuses service URLs that are not https, except plain http to this machine', () => {
  for (const variable of ['FORM_WEBHOOK_URL', 'SCHEDULING_URL', 'CHAT_PERSONA_URL']) {
    for (const value of [
      'http://hooks.example.test/lead',
      'javascript:alert(1)',
      'https://hooks.example.test/\nx',
      '//hooks.example.test/lead',
    ]) {
      const error = overrideError({ [variable]: value });
      assert.equal(error?.code, 'config.bad-url', `${variable}=${JSON.stringify(value)}`);
      assert.ok(error.message.startsWith(`${variable}: `));
    }
    assert.equal(overrideError({ [variable]: 'http://127.0.0.1:4321/__forms' }), undefined);
  }
});

test('refuses a reCAPTCHA site key outside its character set and an enterprise flag that is not a boolean', () => {
  for (const value of ['key"><script>', 'key 1', 'key\n', 'k'.repeat(101)]) {
    const error = overrideError({ RECAPTCHA_SITE_KEY: value });
    assert.equal(error?.code, 'config.bad-value', JSON.stringify(value));
    assert.ok(error.message.startsWith('RECAPTCHA_SITE_KEY: '));
  }
  const error = overrideError({ RECAPTCHA_ENTERPRISE: 'yes' });
  assert.equal(error?.code, 'config.bad-value');
  assert.ok(error.message.startsWith('RECAPTCHA_ENTERPRISE: '));
  const { site } = validateSiteModel(raw, { env: { RECAPTCHA_ENTERPRISE: '0' } }).data;
  assert.equal(site.recaptcha.enterprise, false);
});
