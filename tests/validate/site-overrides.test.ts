import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { SiteError } from '../../cli/errors.ts';
import { loadContent } from '../../cli/load/load-content.ts';
import { siteOverridesFromEnv } from '../../cli/validate/site-overrides.ts';
import { validateContent } from '../../cli/validate/validate-content.ts';
import { projectRoot } from '../helpers/content.ts';

const raw = await loadContent(path.join(projectRoot, 'content'));

test('lets environment variables and --site-url override site config', () => {
  const { site } = validateContent(raw, {
    overrides: siteOverridesFromEnv({ FORM_WEBHOOK_URL: 'https://hooks.example.test/lead', RECAPTCHA_SITE_KEY: 'key-123', RECAPTCHA_ENTERPRISE: 'true' }),
    siteUrl: 'https://preview.example.test/',
  }).data;
  assert.equal(site.formWebhookUrl, 'https://hooks.example.test/lead');
  assert.deepEqual(site.recaptcha, { siteKey: 'key-123', enterprise: true });
  assert.equal(site.siteUrl, 'https://preview.example.test');
});

test('picks only the variables the site knows and ignores empty ones', () => {
  assert.deepEqual(siteOverridesFromEnv({ SITE_URL: 'https://a.example.test', CHAT_PERSONA_URL: '', PATH: '/usr/bin' }), {
    siteUrl: { value: 'https://a.example.test', from: 'SITE_URL' },
  });
});

test('validation reads no environment: only the overrides it is given', () => {
  const before = process.env.SITE_URL;
  process.env.SITE_URL = 'https://from-env.example.test';
  try {
    assert.notEqual(validateContent(raw).data.site.siteUrl, 'https://from-env.example.test');
  } finally {
    if (before === undefined) delete process.env.SITE_URL;
    else process.env.SITE_URL = before;
  }
});

test('rejects an override that is not an http(s) URL, naming the variable', () => {
  assert.throws(() => validateContent(raw, { overrides: siteOverridesFromEnv({ SCHEDULING_URL: 'calendar' }) }), (error) => {
    assert.ok(error instanceof SiteError);
    assert.equal(error.code, 'config.bad-url');
    assert.match(error.message, /^SCHEDULING_URL: /);
    return true;
  });
});
