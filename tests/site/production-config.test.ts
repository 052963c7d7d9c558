import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SiteErrorList, type SiteError } from '../../cli/errors.ts';
import { parseJson } from '../../cli/load/load-json.ts';
import { loadStep, type LoadedStep } from '../../cli/pipeline/load-step.ts';
import { validateStep, type ValidateOptions } from '../../cli/pipeline/validate-step.ts';
import type { SiteModel } from '../../templates/site/model.ts';
import {
  isLocalOrExampleHost,
  productionConfigProblems,
  publicUrlProblem,
  recaptchaTestSiteKeys,
} from '../../templates/site/production.ts';
import { projectRoot } from '../helpers/content.ts';
import { contentRoot } from '../helpers/site-model.ts';
import { realSite } from '../helpers/real-site.ts';

// What `build --production` refuses in the site config, as the build's validate step reports it:
// environment variables reach the site's model as a build passes them (`env`), `--site-url` as `siteUrl`.

const loaded = await loadStep(realSite, projectRoot, contentRoot);
const siteJson = loaded.raw.data.get('site')!;
const testKey = '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI';

/** Deploy-ready values for every overridable field: a real-looking key and public https URLs. */
const deployEnv = {
  SITE_URL: 'https://www.checkpointqa.com',
  FORM_WEBHOOK_URL: 'https://hooks.zapier.com/hooks/catch/9876543/abcdef/',
  SCHEDULING_URL: 'https://calendly.com/checkpointqa/consultation',
  CHAT_PERSONA_URL: 'https://chat.checkpointqa.com/ask',
  RECAPTCHA_SITE_KEY: '6Lc9xQkqAAAAAJ3n1vWbQ0zYh7Rt2LmKpX4sD8eF',
};

function problemsOf(options: ValidateOptions, site?: LoadedStep): SiteError[] {
  return validateStep(site ?? addressed, options).productionProblems;
}

/** The 1-based line and column of `"key"` in site.json, as an author finds it. */
function positionOf(key: string): { line: number; column: number } {
  const lines = siteJson.source.split('\n');
  const line = lines.findIndex((text) => text.includes(`"${key}"`));
  return { line: line + 1, column: lines[line]!.indexOf(`"${key}"`) + 1 };
}

/** The real content with site.json's text edited, as if the author had written it so. */
function withSiteJson(edit: (source: string) => string): LoadedStep {
  const data = new Map(loaded.raw.data);
  data.set('site', parseJson('site', siteJson.file, edit(siteJson.source)));
  return { ...loaded, raw: { ...loaded.raw, data } };
}

/** A postal address for the tests: the repository leaves it for the company to fill in. */
const postalAddress = '100 Test Street, Suite 1, Testville, MI 48000, United States';
const contactEmail = '"email": "hello@checkpointqa.com"';

/** site.json with its contact email and a postal address given as well, as a deploy has it. */
function withPostalAddress(source: string): string {
  assert.ok(source.includes(contactEmail));
  return source.replace(contactEmail, `${contactEmail},\n    "postalAddress": ${JSON.stringify(postalAddress)}`);
}

/** The real content with the postal address set: the base of the tests of the other fields. */
const addressed = withSiteJson(withPostalAddress);

test("the repository's content ships reCAPTCHA's test key, located at its line in site.json", () => {
  const problems = problemsOf({}, loaded).filter((p) => p.code === 'config.unsafe-for-production');
  assert.equal(problems.length, 1, problems.map((p) => p.message).join('\n'));
  const [problem] = problems;
  assert.equal(problem!.code, 'config.unsafe-for-production');
  assert.equal(problem!.file, siteJson.file);
  assert.deepEqual({ line: problem!.line, column: problem!.column }, positionOf('siteKey'));
  assert.match(problem!.message, /^recaptcha\.siteKey: /);
  assert.match(problem!.hint!, /RECAPTCHA_SITE_KEY/);
  assert.ok(recaptchaTestSiteKeys.has(testKey));
});

test('a problem set by an environment variable names the variable and the field, with no file', () => {
  const env = {
    ...deployEnv,
    RECAPTCHA_SITE_KEY: testKey,
    FORM_WEBHOOK_URL: 'http://127.0.0.1:9/hook',
    SCHEDULING_URL: 'http://localhost:4000/book',
    CHAT_PERSONA_URL: 'https://chat.example.com/ask',
  };
  const problems = problemsOf({ env });
  assert.deepEqual(problems.map((p) => p.message.split(':')[0]).sort(), [
    'CHAT_PERSONA_URL (chatPersonaUrl)',
    'FORM_WEBHOOK_URL (formWebhookUrl)',
    'RECAPTCHA_SITE_KEY (recaptcha.siteKey)',
    'SCHEDULING_URL (schedulingUrl)',
  ]);
  for (const problem of problems) {
    assert.equal(problem.file, undefined);
    assert.match(problem.hint!, new RegExp(`^Set ${problem.message.split(' ')[0]} to `));
  }
});

test('a site URL that is plain http, or local, or an example host, is refused wherever it came from', () => {
  const fromEnv = (value: string) => problemsOf({ env: { ...deployEnv, SITE_URL: value } });
  assert.match(fromEnv('http://www.checkpointqa.com')[0]!.message, /^SITE_URL \(siteUrl\): .* is not https/);
  assert.match(
    fromEnv('https://127.0.0.1:4173')[0]!.message,
    /^SITE_URL \(siteUrl\): .*127\.0\.0\.1, a local or example host/,
  );
  const fromFlag = problemsOf({ env: deployEnv, siteUrl: 'https://preview.example.test' });
  assert.equal(fromFlag.length, 1);
  assert.match(fromFlag[0]!.message, /^--site-url \(siteUrl\): /);
  assert.match(fromFlag[0]!.hint!, /^Pass --site-url /);
  const fromFile = problemsOf(
    { env: { RECAPTCHA_SITE_KEY: deployEnv.RECAPTCHA_SITE_KEY } },
    withSiteJson((source) =>
      withPostalAddress(source).replace('https://www.checkpointqa.com', 'http://localhost:4173'),
    ),
  );
  assert.equal(fromFile.length, 1);
  assert.equal(fromFile[0]!.file, siteJson.file);
  assert.equal(fromFile[0]!.line, positionOf('siteUrl').line);
  assert.match(fromFile[0]!.message, /^siteUrl: "http:\/\/localhost:4173" points at localhost/);
});

test('a deploy-ready configuration has no problems', () => {
  assert.deepEqual(problemsOf({ env: deployEnv }), []);
  assert.deepEqual(
    problemsOf({ env: { RECAPTCHA_SITE_KEY: deployEnv.RECAPTCHA_SITE_KEY } }),
    [],
    "site.json's own URLs",
  );
});

test('with production, validation stops on every problem at once, as on any invalid content', () => {
  const env = { FORM_WEBHOOK_URL: 'http://127.0.0.1:9/hook' };
  assert.throws(
    () => validateStep(loaded, { env, production: true }),
    (error) => {
      assert.ok(error instanceof SiteErrorList);
      assert.deepEqual(error.errors.map((e) => e.message.split(':')[0]).sort(), [
        'FORM_WEBHOOK_URL (formWebhookUrl)',
        'contact.postalAddress',
        'recaptcha.siteKey',
      ]);
      return true;
    },
  );
  assert.deepEqual(validateStep(addressed, { env: deployEnv, production: true }).productionProblems, []);
});

test('a missing or empty URL is a problem of its own', () => {
  assert.equal(publicUrlProblem(undefined), 'is missing');
  assert.equal(publicUrlProblem(''), 'is missing');
  assert.equal(publicUrlProblem('https://www.checkpointqa.com'), undefined);
  const site = { ...(validateStep(addressed, {}).model as SiteModel).data.site, formWebhookUrl: '' };
  const [problem, ...others] = productionConfigProblems(site, { siteJson, overrides: {} });
  assert.equal(problem!.message, 'formWebhookUrl: is missing');
  assert.equal(problem!.line, positionOf('formWebhookUrl').line);
  assert.match(problem!.hint!, /FORM_WEBHOOK_URL/);
  assert.equal(others.length, 1, 'and the test key');
});

test('tells local, private and example hosts from public ones', () => {
  const local = [
    'localhost',
    'app.localhost',
    '127.0.0.1',
    '127.1.2.3',
    '0.0.0.0',
    '[::1]',
    '[::]',
    '10.0.0.8',
    '192.168.1.20',
    '172.20.0.1',
    '169.254.1.1',
    '[fd12:3456::1]',
    '[fe80::1]',
    'example.com',
    'www.example.org',
    'example.net',
    'site.example',
    'preview.example.test',
    'hooks.invalid',
    'printer.local',
    'LOCALHOST',
    'example.com.',
  ];
  const publicHosts = [
    'www.checkpointqa.com',
    'hooks.zapier.com',
    'calendly.com',
    '172.32.0.1',
    '8.8.8.8',
    'example.company.com',
    'notexample.com',
    'testing.io',
    'localhost.company.com',
    '[2001:db9::1]',
  ];
  assert.deepEqual(
    local.filter((host) => !isLocalOrExampleHost(host)),
    [],
  );
  assert.deepEqual(
    publicHosts.filter((host) => isLocalOrExampleHost(host)),
    [],
  );
});

test("the repository's content leaves the postal address for the company: production refuses it, located at contact in site.json", () => {
  const problems = problemsOf({ env: deployEnv }, loaded);
  assert.equal(problems.length, 1, problems.map((p) => p.message).join('\n'));
  const [problem] = problems;
  assert.equal(problem!.code, 'config.incomplete-for-production');
  assert.equal(problem!.file, siteJson.file);
  assert.deepEqual(
    { line: problem!.line, column: problem!.column },
    positionOf('contact'),
    'the nearest field that exists',
  );
  assert.match(
    problem!.message,
    /^contact\.postalAddress: is not set, so the terms and privacy pages would leave out the line with it$/,
  );
  assert.equal(
    problem!.hint,
    'Set contact.postalAddress in content/data/site.json to the postal address the company receives mail at, on one line.',
  );
  assert.throws(
    () => validateStep(loaded, { env: deployEnv, production: true }),
    (error) => {
      assert.ok(error instanceof SiteErrorList);
      assert.deepEqual(
        error.errors.map((e) => e.code),
        ['config.incomplete-for-production'],
      );
      return true;
    },
  );
});

test('a site.json without contact details gets one problem per detail; a set one is located at its own line', () => {
  const withoutContact = withSiteJson((source) => source.replace(/\s*"contact": \{[^}]*\},/, ''));
  assert.deepEqual(
    problemsOf({ env: deployEnv }, withoutContact).map((p) => [p.code, p.message.split(':')[0], p.line]),
    [
      ['config.incomplete-for-production', 'contact.email', 1],
      ['config.incomplete-for-production', 'contact.postalAddress', 1],
    ],
  );
  const exampleEmail = withSiteJson((source) =>
    withPostalAddress(source).replace('hello@checkpointqa.com', 'hello@example.com'),
  );
  const [problem, ...others] = problemsOf({ env: deployEnv }, exampleEmail);
  assert.deepEqual(others, []);
  assert.equal(
    problem!.message,
    'contact.email: "hello@example.com" is at example.com, a local or example domain nobody reads',
  );
  assert.deepEqual({ line: problem!.line, column: problem!.column }, positionOf('email'));
  assert.match(problem!.hint!, /^Set contact\.email in content\/data\/site\.json to /);
});

test("with the forms posting to the lead endpoint, --production refuses a build without the reCAPTCHA secret, or with a verification address other than Google's", () => {
  const withEndpoint = { ...deployEnv, LEAD_ENDPOINT: '/api/leads' };
  const codes = (env: Record<string, string>) =>
    problemsOf({ env }).map((problem) => [problem.code, problem.message.split(':')[0]]);
  assert.deepEqual(codes(withEndpoint), [['config.unsafe-for-production', 'LEAD_ENDPOINT (leadEndpoint)']]);
  assert.deepEqual(codes({ ...withEndpoint, RECAPTCHA_SECRET_KEY: 'secret' }), []);
  for (const verifyUrl of [
    'http://127.0.0.1:9/siteverify',
    'https://www.google.com.evil.example/recaptcha/api/siteverify',
    'not a url',
  ]) {
    assert.deepEqual(
      codes({ ...withEndpoint, RECAPTCHA_SECRET_KEY: 'secret', RECAPTCHA_VERIFY_URL: verifyUrl }),
      [['config.unsafe-for-production', 'RECAPTCHA_VERIFY_URL']],
      verifyUrl,
    );
  }
  assert.deepEqual(
    codes({
      ...withEndpoint,
      RECAPTCHA_SECRET_KEY: 'secret',
      RECAPTCHA_VERIFY_URL: 'https://www.google.com/recaptcha/api/siteverify',
    }),
    [],
  );
  // Without the endpoint the forms post to the webhook: neither variable is the site's business.
  assert.deepEqual(codes({ ...deployEnv, RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify' }), []);
});

test('LEAD_ENDPOINT must be a path of the site', () => {
  assert.throws(
    () => validateStep(addressed, { env: { ...deployEnv, LEAD_ENDPOINT: 'https://elsewhere.example/leads' } }),
    (error: unknown) => error instanceof SiteErrorList || (error as SiteError).code === 'config.bad-value',
  );
});
