import assert from 'node:assert/strict';
import { test } from 'node:test';
import { videoFrameSources } from '../../client/video-url.ts';
import { loadContent } from '../../cli/load/load-content.ts';
import { contentSecurityPolicy } from '../../cli/write/content-security-policy.ts';
import type { SiteModel } from '../../templates/site/model.ts';
import { contentRoot, validateSiteModel } from '../helpers/site-model.ts';
import { realSite } from '../helpers/real-site.ts';

// The outside origins the marketing site adds to the engine's Content-Security-Policy
// (`csp` in sitegen.config.ts): reCAPTCHA, the video players and the form webhook.

const raw = await loadContent(contentRoot, realSite.definition.content);
const model = validateSiteModel(raw, { env: { FORM_WEBHOOK_URL: 'https://hooks.example.com/catch/1/' } });
const directives = (site: SiteModel) =>
  new Map(
    contentSecurityPolicy({
      additions: realSite.definition.csp!(site),
      inlineScripts: ["document.documentElement.className='js'"],
    })
      .split('; ')
      .map((directive) => directive.split(' '))
      .map(([name, ...sources]) => [name!, sources]),
  );

test("the site's scripts are its own, its inline scripts by hash and reCAPTCHA's, nothing inline besides", () => {
  const scripts = directives(model).get('script-src')!;
  assert.deepEqual(
    scripts.filter((source) => !source.startsWith("'sha256-")),
    ["'self'", 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  );
  assert.equal(scripts.filter((source) => source.startsWith("'sha256-")).length, 1);
  assert.ok(!scripts.includes("'unsafe-inline'"));
});

test('forms post, with fetch or without JavaScript, only to the site and the origin of its webhook', () => {
  const policy = directives(model);
  assert.deepEqual(policy.get('connect-src'), ["'self'", 'https://hooks.example.com']);
  assert.deepEqual(policy.get('form-action'), ["'self'", 'https://hooks.example.com']);
  const relative = directives({
    ...model,
    data: { ...model.data, site: { ...model.data.site, formWebhookUrl: '/__forms' } },
  });
  assert.deepEqual(relative.get('connect-src'), ["'self'"], 'a webhook on the site itself adds no origin');
  assert.deepEqual(relative.get('form-action'), ["'self'"]);
});

test("frames are reCAPTCHA's and the video players', and no one may frame the site", () => {
  const policy = directives(model);
  assert.deepEqual(policy.get('frame-src'), [
    'https://www.google.com/recaptcha/',
    'https://recaptcha.google.com/recaptcha/',
    ...videoFrameSources,
  ]);
  assert.deepEqual(policy.get('frame-ancestors'), ["'none'"]);
});
