import assert from 'node:assert/strict';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { runCliHere } from '../helpers/cli.ts';
import { copyContent, editFile, projectRoot } from '../helpers/content.ts';
import { entriesBesideOutput } from '../helpers/output-folder.ts';

// `build --production` refuses what must not be deployed (the repository's content ships
// reCAPTCHA's test key); a plain build warns about the same problems and succeeds. The command
// runs in this process.

/** No override from the environment the tests run in: each test sets the ones it means. */
const noOverrides = {
  SITE_URL: '',
  FORM_WEBHOOK_URL: '',
  SCHEDULING_URL: '',
  CHAT_PERSONA_URL: '',
  RECAPTCHA_SITE_KEY: '',
  RECAPTCHA_ENTERPRISE: '',
};

/** What a deploy sets: a real-looking key and public https URLs. */
const deployEnv = {
  ...noOverrides,
  SITE_URL: 'https://www.checkpointqa.com',
  FORM_WEBHOOK_URL: 'https://hooks.zapier.com/hooks/catch/9876543/abcdef/',
  SCHEDULING_URL: 'https://calendly.com/checkpointqa/consultation',
  CHAT_PERSONA_URL: 'https://chat.checkpointqa.com/ask',
  RECAPTCHA_SITE_KEY: '6Lc9xQkqAAAAAJ3n1vWbQ0zYh7Rt2LmKpX4sD8eF',
};

/** What the company adds before deploying: the repository leaves the postal address unset. */
const postalAddress = '100 Test Street, Suite 1 & 2, Testville, MI 48000, "United States"';

async function setPostalAddress(content: string): Promise<void> {
  await editFile(
    path.join(content, 'data', 'site.json'),
    '"email": "hello@checkpointqa.com"',
    `"email": "hello@checkpointqa.com",\n    "postalAddress": ${JSON.stringify(postalAddress)}`,
  );
}

const addressProblem =
  /site\.json:\d+:\d+ {2}contact\.postalAddress: is not set, so the terms and privacy pages would leave out the line with it {2}\[config\.incomplete-for-production\]\n {4}hint: Set contact\.postalAddress in content\/data\/site\.json to /;

const keyProblem =
  /site\.json:\d+:\d+ {2}recaptcha\.siteKey: "6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI" is Google's public reCAPTCHA test key.*\[config\.unsafe-for-production\]\n {4}hint: Set recaptcha\.siteKey in content\/data\/site\.json, or the RECAPTCHA_SITE_KEY variable, to /;

test('a plain build prints what production refuses as one warning block and succeeds; --production refuses and keeps the old output', async () => {
  const { dir, content, cleanup } = await copyContent();
  const out = path.join(dir, 'out');
  try {
    const plain = await runCliHere(['build', '--content', content, '--out', out], {
      cwd: projectRoot,
      env: noOverrides,
    });
    assert.equal(plain.code, 0, plain.stderr);
    assert.match(
      plain.stderr,
      /^Not ready for production \(2 problems; sitegen build --production refuses to build with these\):\n/,
    );
    assert.match(plain.stderr, keyProblem);
    assert.match(plain.stderr, addressProblem);
    assert.match(plain.stdout, /Built \d+ pages/);
    for (const page of ['terms', 'privacy']) {
      const html = await readFile(path.join(out, page, 'index.html'), 'utf8');
      assert.doesNotMatch(html, /By mail:|\[postal address|\{\{/, `${page} leaves out the line of the unset address`);
      assert.match(html, /<a href="mailto:hello@checkpointqa\.com">hello@checkpointqa\.com<\/a>/);
    }
    const before = (await stat(path.join(out, 'index.html'))).mtimeMs;
    const termsBefore = await readFile(path.join(out, 'terms', 'index.html'), 'utf8');

    const env = { ...noOverrides, FORM_WEBHOOK_URL: 'http://127.0.0.1:9/hook' };
    const refused = await runCliHere(['build', '--production', '--content', content, '--out', out], {
      cwd: projectRoot,
      env,
    });
    assert.equal(refused.code, 1, refused.stdout);
    assert.match(refused.stderr, keyProblem);
    assert.match(
      refused.stderr,
      /FORM_WEBHOOK_URL \(formWebhookUrl\): "http:\/\/127\.0\.0\.1:9\/hook" points at 127\.0\.0\.1.*\[config\.unsafe-for-production\]\n {2}hint: Set FORM_WEBHOOK_URL to /,
    );
    assert.match(refused.stderr, addressProblem);
    assert.match(refused.stderr, /\n3 errors\n/);
    assert.doesNotMatch(refused.stdout, /Built/);
    assert.equal((await stat(path.join(out, 'index.html'))).mtimeMs, before, 'the previous output is untouched');
    assert.equal(await readFile(path.join(out, 'terms', 'index.html'), 'utf8'), termsBefore);
    assert.deepEqual(await entriesBesideOutput(out), ['content', 'out'], 'no staging folder left behind');
  } finally {
    await cleanup();
  }
});

test('--production builds a deploy-ready configuration given through environment variables, with no warning', async () => {
  const { dir, content, cleanup } = await copyContent();
  const out = path.join(dir, 'out');
  try {
    await setPostalAddress(content);
    const run = await runCliHere(['build', '--production', '--content', content, '--out', out], {
      cwd: projectRoot,
      env: deployEnv,
    });
    assert.equal(run.code, 0, run.stderr);
    assert.doesNotMatch(run.stderr, /Not ready for production/);
    assert.match(run.stdout, /Built \d+ pages/);
    const page = await readFile(path.join(out, 'getting-started', 'index.html'), 'utf8');
    assert.ok(page.includes(deployEnv.RECAPTCHA_SITE_KEY), 'the page carries the key from RECAPTCHA_SITE_KEY');
    assert.ok(!page.includes('6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI'));
    for (const legal of ['terms', 'privacy']) {
      const html = await readFile(path.join(out, legal, 'index.html'), 'utf8');
      assert.ok(
        html.includes(
          'Checkpoint QA, 100 Test Street, Suite 1 &amp; 2, Testville, MI 48000, &quot;United States&quot;</li>',
        ),
        `${legal} prints the address, escaped`,
      );
      assert.doesNotMatch(html, /config-placeholder|\{\{/);
    }
  } finally {
    await cleanup();
  }
});
