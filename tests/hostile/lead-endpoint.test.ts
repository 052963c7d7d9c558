// The lead endpoint under faults, the same cases in its two runtimes: workerd (the Worker the
// build emits, with D1) and Node (`sitegen preview`, a child process with a SQLite file). Google's
// siteverify and the webhook are stubs on 127.0.0.1. In every case: no lead lost, none forwarded
// twice, every refused one kept with its reason. Each case posts from an address of its own, so
// the rate limit of one never touches another.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, beforeEach, describe, test } from 'node:test';
import {
  leadEnv,
  leadFacts,
  startPreview,
  startWorkerd,
  waitFor,
  type LeadRow,
  type LeadRuntime,
} from '../helpers/lead-endpoint.ts';
import { startStubs, type Stubs } from '../helpers/lead-stubs.ts';
import { runCli } from '../helpers/cli.ts';
import { testSignatureOf } from '../../server/leads/lead-handler.ts';

const person = { name: 'Ada Lovelace', email: 'ada@example.com', company: 'Analytical Engines' };
const bodies = {
  consultation: { ...person, message: 'We ship weekly.', interest: 'Embedded Manual QA' },
  guide: { ...person, guide_name: 'AI-Powered Playwright' },
  toolkit: { ...person, guide_name: 'POM Files' },
} as const;

const newId = () => randomBytes(16).toString('hex');

/** A post as a form's island sends it. */
function lead(form: keyof typeof bodies, token: string, extra: Record<string, unknown> = {}) {
  const submissionId = newId();
  return {
    submissionId,
    text: JSON.stringify({
      form,
      ...bodies[form],
      recaptchaToken: `${token}-${submissionId}`,
      submissionId,
      website: '',
      fillMs: 5000,
      ...extra,
    }),
  };
}

/**
 * What every case ends with: refused leads have a reason and were never forwarded; no lead was
 * sent again once the webhook had said it took it (a try it answered too late, after the
 * endpoint gave up on it, can still be followed by another: they share the Idempotency-Key).
 */
function assertInvariants(leads: LeadRow[], stubs: Stubs): void {
  for (const row of leads) {
    if (row.status === 'spam' || row.status === 'unverified')
      assert.ok(row.reason, `${row.submissionId} is kept aside with a reason`);
    const tries = stubs.hook.filter((request) => request.key === row.submissionId);
    const taken = tries
      .filter((request) => request.answered !== undefined && request.answered >= 200 && request.answered < 300)
      .map((request) => request.answeredAt!);
    for (const next of tries)
      assert.ok(
        taken.every((at) => next.at < at),
        `${row.submissionId} was not sent again after the webhook took it`,
      );
    if (row.status === 'spam' || row.status === 'unverified')
      assert.equal(tries.length, 0, `${row.submissionId}, kept aside, was never forwarded`);
  }
  for (const request of stubs.hook)
    assert.equal(
      request.key !== undefined && /^[0-9a-f]{32}$/.test(request.key),
      true,
      'every forward carries its submission id as Idempotency-Key',
    );
}

const runtimes = {
  workerd: (facts: Awaited<ReturnType<typeof leadFacts>>, env: Record<string, string>) => startWorkerd(facts, env),
  node: (facts: Awaited<ReturnType<typeof leadFacts>>, env: Record<string, string>) => startPreview(facts, env),
};

for (const [name, start] of Object.entries(runtimes)) {
  describe(`the lead endpoint in ${name}`, () => {
    let stubs: Stubs;
    let runtime: LeadRuntime;
    let client = 10;
    const me = () => ++client;
    const rowOf = async (id: string) => (await runtime.leads()).find((row) => row.submissionId === id);
    const forwardsOf = (id: string) => stubs.hook.filter((request) => request.key === id);

    before(async () => {
      stubs = await startStubs();
      runtime = await start(await leadFacts(), leadEnv(stubs));
    });
    after(async () => {
      try {
        await runtime.settle().catch(() => undefined);
        assertInvariants(await runtime.leads(), stubs);
      } finally {
        await runtime.close();
        await stubs.close();
      }
    });
    beforeEach(() => stubs.setHook('ok'));

    /** Posts a lead and expects it accepted, stored, then delivered once with the SPEC body and nothing else. */
    const expectDelivered = async (form: keyof typeof bodies) => {
      const { submissionId, text } = lead(form, 'ok');
      const answer = await runtime.post(text, { client: me() });
      assert.equal(answer.status, 202, answer.body);
      assert.deepEqual(JSON.parse(answer.body), { submissionId, status: 'pending' });
      await runtime.settle();
      const row = (await rowOf(submissionId))!;
      assert.equal(row.status, 'delivered');
      assert.equal(row.form, form);
      const forwards = forwardsOf(submissionId);
      assert.equal(forwards.length, 1);
      const expected = form === 'consultation' ? bodies.consultation : bodies[form];
      assert.deepEqual(forwards[0]!.body, expected, 'the SPEC body, without the token, the id or the honeypot');
    };

    test('a consultation lead is stored, answered 202 and delivered once with the SPEC body', () =>
      expectDelivered('consultation'));
    test('a guide lead is delivered', () => expectDelivered('guide'));
    test('a POM toolkit lead is delivered', () => expectDelivered('toolkit'));

    for (const [token, status, reason] of [
      ['false', 403, 'captcha-failed'],
      ['slow', 503, 'verification-unavailable'],
      ['down', 503, 'verification-unavailable'],
      ['html', 503, 'verification-unavailable'],
      ['otherhost', 403, 'wrong-hostname'],
      ['lowscore', 403, 'low-score'],
      ['wrongaction', 403, 'wrong-action'],
      ['old', 403, 'token-expired'],
      ['spent', 403, 'token-expired'],
    ] as const) {
      test(`siteverify answering "${token}" is ${status}, and the lead is kept as unverified (${reason}), not forwarded`, async () => {
        const { submissionId, text } = lead('guide', token);
        const answer = await runtime.post(text, { client: me() });
        assert.equal(answer.status, status, answer.body);
        const row = (await rowOf(submissionId))!;
        assert.equal(row.status, 'unverified');
        assert.equal(row.reason, reason);
        assert.equal(forwardsOf(submissionId).length, 0);
      });
    }

    test('a retry of a refused lead with the same id and a new token succeeds: one row, one forward', async () => {
      const { submissionId, text } = lead('consultation', 'false');
      assert.equal((await runtime.post(text, { client: me() })).status, 403);
      const retry = JSON.stringify({ ...JSON.parse(text), recaptchaToken: `ok-${submissionId}` });
      const answer = await runtime.post(retry, { client: me() });
      assert.equal(answer.status, 202, answer.body);
      await runtime.settle();
      const rows = (await runtime.leads()).filter((row) => row.submissionId === submissionId);
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.status, 'delivered');
      assert.equal(rows[0]!.reason, null);
      assert.equal(forwardsOf(submissionId).length, 1);
    });

    test('a double click: the second post is answered as the first, with no second row and no second forward', async () => {
      const { submissionId, text } = lead('guide', 'ok');
      const client = me();
      const first = await runtime.post(text, { client });
      const second = await runtime.post(text, { client });
      assert.equal(first.status, 202);
      assert.equal(second.status, 202);
      assert.equal(second.body, first.body);
      await runtime.settle();
      assert.equal((await runtime.leads()).filter((row) => row.submissionId === submissionId).length, 1);
      assert.equal(forwardsOf(submissionId).length, 1);
    });

    test('concurrent posts with one id: one is taken, the others are told it is in progress or answered as it was; one row, one forward', async () => {
      const { submissionId, text } = lead('consultation', 'ok');
      const client = me();
      const answers = await Promise.all(Array.from({ length: 6 }, () => runtime.post(text, { client })));
      const statuses = answers.map((answer) => answer.status);
      assert.ok(statuses.includes(202), statuses.join());
      assert.ok(
        statuses.every((status) => status === 202 || status === 409),
        statuses.join(),
      );
      for (const answer of answers.filter((each) => each.status === 409))
        assert.equal(answer.headers['retry-after'], '1');
      await runtime.settle();
      assert.equal((await runtime.leads()).filter((row) => row.submissionId === submissionId).length, 1);
      assert.equal(forwardsOf(submissionId).length, 1);
    });

    test('the same id with other fields is 422, and the first lead stays as it was', async () => {
      const { submissionId, text } = lead('guide', 'ok');
      assert.equal((await runtime.post(text, { client: me() })).status, 202);
      const other = JSON.stringify({
        ...JSON.parse(text),
        name: 'Somebody Else',
        recaptchaToken: `ok-2-${submissionId}`,
      });
      const answer = await runtime.post(other, { client: me() });
      assert.equal(answer.status, 422);
      assert.deepEqual(JSON.parse(answer.body), { error: 'submission-id-reused' });
      await runtime.settle();
      assert.equal((await rowOf(submissionId))!.fields.name, person.name);
      assert.equal(forwardsOf(submissionId).length, 1);
    });

    test('a filled honeypot is kept as spam and never forwarded; the bot is answered as a success', async () => {
      const { submissionId, text } = lead('toolkit', 'ok', { website: 'https://spam.example' });
      const answer = await runtime.post(text, { client: me() });
      assert.equal(answer.status, 202);
      assert.deepEqual(JSON.parse(answer.body), { submissionId, status: 'spam' });
      const row = (await rowOf(submissionId))!;
      assert.deepEqual([row.status, row.reason], ['spam', 'honeypot']);
      assert.equal(
        stubs.verified.some((token) => token.endsWith(submissionId)),
        false,
        'no captcha check is spent on it',
      );
    });

    test('a form sent faster than a person fills it is kept as spam (too-fast) and refused', async () => {
      const { submissionId, text } = lead('guide', 'ok', { fillMs: 200 });
      assert.equal((await runtime.post(text, { client: me() })).status, 403);
      const row = (await rowOf(submissionId))!;
      assert.deepEqual([row.status, row.reason], ['spam', 'too-fast']);
    });

    test('a post without a captcha token is kept as unverified (no-captcha) and refused', async () => {
      const { submissionId, text } = lead('guide', 'ok', { recaptchaToken: '' });
      assert.equal((await runtime.post(text, { client: me() })).status, 403);
      assert.deepEqual(
        [(await rowOf(submissionId))!.status, (await rowOf(submissionId))!.reason],
        ['unverified', 'no-captcha'],
      );
    });

    test('a burst over the limit from one address: the posts past it get 429 with Retry-After and are kept (rate-limited)', async () => {
      const client = me();
      const answers = [];
      const ids = [];
      for (let n = 0; n < 7; n += 1) {
        const { submissionId, text } = lead('guide', 'ok');
        ids.push(submissionId);
        answers.push(await runtime.post(text, { client }));
      }
      assert.deepEqual(
        answers.map((answer) => answer.status),
        [202, 202, 202, 202, 202, 429, 429],
      );
      const retryAfter = Number(answers[5]!.headers['retry-after']);
      assert.ok(retryAfter >= 1 && retryAfter <= 60, String(retryAfter));
      for (const id of ids.slice(5))
        assert.deepEqual([(await rowOf(id))!.status, (await rowOf(id))!.reason], ['unverified', 'rate-limited']);
      // Another address is not held back by it.
      assert.equal((await runtime.post(lead('guide', 'ok').text, { client: me() })).status, 202);
      await runtime.settle();
    });

    test('a post from another origin, or with none, is 403 and nothing is stored', async () => {
      const before = (await runtime.leads()).length;
      for (const origin of ['https://evil.example', 'null']) {
        assert.equal(
          (await runtime.post(lead('guide', 'ok').text, { client: me(), headers: { origin } })).status,
          403,
          origin,
        );
      }
      const preflight = await runtime.post('', {
        client: me(),
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      assert.equal(preflight.status, 403);
      assert.equal(preflight.headers['access-control-allow-origin'], undefined);
      assert.equal((await runtime.leads()).length, before);
    });

    test("the site's own origin gets its CORS preflight answered for that origin alone; anything but POST is 405", async () => {
      const preflight = await runtime.post('', {
        client: me(),
        method: 'OPTIONS',
        headers: { 'access-control-request-method': 'POST' },
      });
      assert.equal(preflight.status, 204);
      assert.notEqual(preflight.headers['access-control-allow-origin'], '*');
      assert.match(preflight.headers['access-control-allow-origin'] ?? '', /^http:\/\/127\.0\.0\.1:\d+$/);
      const get = await runtime.post('', { client: me(), method: 'GET' });
      assert.equal(get.status, 405);
      assert.equal(get.headers.allow, 'POST, OPTIONS');
    });

    test('a body over 32 KB is 413, an unknown encoding 415, broken JSON 400, and nothing is stored', async () => {
      const before = (await runtime.leads()).length;
      const huge = JSON.stringify({ ...JSON.parse(lead('consultation', 'ok').text), message: 'x'.repeat(33 * 1024) });
      assert.equal((await runtime.post(huge, { client: me() })).status, 413);
      assert.equal(
        (
          await runtime.post(lead('guide', 'ok').text, {
            client: me(),
            headers: { 'content-type': 'multipart/form-data; boundary=x' },
          })
        ).status,
        415,
      );
      assert.equal((await runtime.post('{"form":', { client: me() })).status, 400);
      assert.equal((await runtime.leads()).length, before);
    });

    test('fields the forms would refuse are 422 with each field and its problem, and nothing is stored', async () => {
      const before = (await runtime.leads()).length;
      const answer = await runtime.post(
        lead('consultation', 'ok', { name: '  ', email: 'not-an-email', interest: 'Something else' }).text,
        { client: me() },
      );
      assert.equal(answer.status, 422);
      assert.deepEqual(JSON.parse(answer.body).fields, [
        { field: 'name', problem: 'required' },
        { field: 'email', problem: 'email' },
        { field: 'interest', problem: 'choose' },
      ]);
      assert.equal(
        (await runtime.post(lead('guide', 'ok', { guide_name: 'Not a guide' }).text, { client: me() })).status,
        422,
      );
      assert.equal((await runtime.leads()).length, before);
    });

    test('a store that cannot be written: 503, nothing claimed as stored; once it works the same lead is taken', async () => {
      const { submissionId, text } = lead('consultation', 'ok');
      await runtime.breakStore(true);
      try {
        const answer = await runtime.post(text, { client: me() });
        assert.equal(answer.status, 503);
        assert.equal(await rowOf(submissionId), undefined);
      } finally {
        await runtime.breakStore(false);
      }
      assert.equal((await runtime.post(text, { client: me() })).status, 202);
      await runtime.settle();
      assert.equal((await rowOf(submissionId))!.status, 'delivered');
    });

    test('a store that takes the lead but cannot record the verdict: 503, never a 2xx; the lead stays, held for review, and a retry is taken', async () => {
      const { submissionId, text } = lead('guide', 'ok');
      await runtime.breakStore('updates');
      try {
        assert.equal((await runtime.post(text, { client: me() })).status, 503);
      } finally {
        await runtime.breakStore(false);
      }
      const kept = (await rowOf(submissionId))!;
      assert.deepEqual([kept.status, kept.reason], ['unverified', 'verifying']);
      assert.equal(forwardsOf(submissionId).length, 0);
      await waitFor(() => Date.now() > Date.parse(kept.claimedUntil!), 10_000);
      assert.equal(
        (
          await runtime.post(JSON.stringify({ ...JSON.parse(text), recaptchaToken: `ok-again-${submissionId}` }), {
            client: me(),
          })
        ).status,
        202,
      );
      await runtime.settle();
      assert.equal((await rowOf(submissionId))!.status, 'delivered');
    });

    test('the webhook down for a while: the lead is failed with the last error after its tries, then delivered once by a replay', async () => {
      stubs.setHook('down');
      const { submissionId, text } = lead('consultation', 'ok');
      assert.equal((await runtime.post(text, { client: me() })).status, 202);
      await runtime.settle();
      const failed = (await rowOf(submissionId))!;
      assert.deepEqual([failed.status, failed.attempts, failed.lastError], ['failed', 3, 'answered 503']);
      assert.equal(forwardsOf(submissionId).length, 3);
      stubs.setHook('ok');
      await replay(runtime, stubs);
      assert.equal((await rowOf(submissionId))!.status, 'delivered');
      assert.equal(forwardsOf(submissionId).length, 4);
      assert.equal(forwardsOf(submissionId).filter((request) => request.answered === 200).length, 1);
      // A second replay finds nothing to send.
      await replay(runtime, stubs);
      assert.equal(forwardsOf(submissionId).length, 4);
    });

    test('a webhook that redirects is a failure: the redirect is never followed, the error says so', async () => {
      stubs.setHook('redirect');
      const { submissionId, text } = lead('guide', 'ok');
      assert.equal((await runtime.post(text, { client: me() })).status, 202);
      await runtime.settle();
      const row = (await rowOf(submissionId))!;
      assert.equal(row.status, 'failed');
      assert.match(row.lastError!, /302.*not followed/);
      assert.equal(stubs.hook.filter((request) => request.path === '/moved').length, 0);
      assert.ok(forwardsOf(submissionId).every((request) => request.method === 'POST'));
    });

    test('a slow webhook is given up on after the timeout, each try under the same Idempotency-Key', async () => {
      stubs.setHook('slow');
      const { submissionId, text } = lead('toolkit', 'ok');
      assert.equal((await runtime.post(text, { client: me() })).status, 202);
      await runtime.settle();
      const row = (await rowOf(submissionId))!;
      assert.equal(row.status, 'failed');
      assert.match(row.lastError!, /no answer within 1200 ms/);
      // Each try reached the webhook, which may have kept it: the key lets it drop the others.
      assert.equal(forwardsOf(submissionId).length, 3);
      assert.deepEqual([...new Set(forwardsOf(submissionId).map((request) => request.key))], [submissionId]);
    });

    test('a webhook that answers 200 without CORS headers has the lead: delivered (CORS is for browsers)', async () => {
      stubs.setHook('no-cors');
      const { submissionId, text } = lead('guide', 'ok');
      assert.equal((await runtime.post(text, { client: me() })).status, 202);
      await runtime.settle();
      assert.equal((await rowOf(submissionId))!.status, 'delivered');
    });

    test('without JavaScript: a form-encoded post goes on to the success page (303) and is kept for review without a token', async () => {
      const form = new URLSearchParams({ form: 'guide', ...bodies.guide, website: '' }).toString();
      const answer = await runtime.post(form, {
        client: me(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assert.equal(answer.status, 303);
      assert.equal(answer.headers.location, '/guides/content/playwright/');
      const row = (await runtime.leads()).at(-1)!;
      assert.deepEqual(
        [row.form, row.status, row.reason, row.fields.guide_name],
        ['guide', 'unverified', 'no-captcha', 'AI-Powered Playwright'],
      );
    });

    test('without JavaScript: fields to fix give a page listing each with its label, and a link back to the form', async () => {
      const form = new URLSearchParams({
        form: 'consultation',
        name: '',
        email: 'nope',
        company: '',
        message: 'Hi',
        interest: 'Embedded Manual QA',
      }).toString();
      const answer = await runtime.post(form, {
        client: me(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assert.equal(answer.status, 422);
      assert.match(answer.headers['content-type']!, /^text\/html/);
      assert.match(
        answer.body,
        /<li>Full name: this field is required\.<\/li><li>Email: please enter an email address\.<\/li>/,
      );
      assert.match(answer.body, /<a href="\/getting-started\/">Back to the form<\/a>/);
    });

    test("without JavaScript: the footer's newsletter field is kept for review and sent back to its page's thank-you (303)", async () => {
      const form = new URLSearchParams({
        form: 'newsletter',
        email: 'grace@example.com',
        source: 'newsletter',
        website: '',
        page: '/blog/',
      }).toString();
      const answer = await runtime.post(form, {
        client: me(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assert.equal(answer.status, 303);
      assert.equal(answer.headers.location, '/blog/#newsletter-thanks');
      const row = (await runtime.leads()).at(-1)!;
      assert.deepEqual(
        [row.form, row.status, row.reason, row.fields],
        [
          'newsletter',
          'unverified',
          'no-captcha',
          { email: 'grace@example.com', source: 'newsletter', page: '/blog/' },
        ],
      );
    });

    for (const page of ['//evil.example/', '/\\evil.example/', 'https://evil.example/', '/blog/\u0000x'])
      test(`without JavaScript: a newsletter post naming ${JSON.stringify(page)} as its page is refused (422), sends nowhere else and stores nothing`, async () => {
        const before = (await runtime.leads()).length;
        const form = new URLSearchParams({
          form: 'newsletter',
          email: 'grace@example.com',
          source: 'newsletter',
          page,
        });
        const answer = await runtime.post(form.toString(), {
          client: me(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        assert.equal(answer.status, 422);
        assert.equal(answer.headers.location, undefined);
        assert.match(answer.body, /<a href="\/">/, 'the way back is the home page');
        assert.equal((await runtime.leads()).length, before);
      });

    test('a test lead signed with the reCAPTCHA secret reports every hop: stored, then delivered, marked as a test', async () => {
      const submissionId = newId();
      const text = JSON.stringify({
        form: 'consultation',
        ...bodies.consultation,
        submissionId,
        testSignature: await testSignatureOf('test-secret', submissionId),
      });
      const answer = await runtime.post(text, { client: me() });
      assert.equal(answer.status, 202, answer.body);
      const body = JSON.parse(answer.body) as { status: string; hops: { hop: string; ok: boolean }[] };
      assert.equal(body.status, 'delivered');
      assert.deepEqual(
        body.hops.map((hop) => [hop.hop, hop.ok]),
        [
          ['store', true],
          ['webhook', true],
        ],
      );
      assert.equal((await rowOf(submissionId))!.test, true);
      assert.equal(forwardsOf(submissionId)[0]!.body.test, 'true');
      const forged = JSON.stringify({
        form: 'consultation',
        ...bodies.consultation,
        submissionId: newId(),
        testSignature: 'f'.repeat(64),
      });
      assert.equal(
        (await runtime.post(forged, { client: me() })).status,
        403,
        'a wrong signature is a lead without a token',
      );
    });

    if (name === 'node') {
      test('sitegen check-forms sends a signed test lead through the endpoint and reports the store and the webhook', async () => {
        const preview = runtime as Awaited<ReturnType<typeof startPreview>>;
        const run = await runCli(['check-forms', '--allow-local', '--site-url', preview.url()], {
          env: { LEAD_ENDPOINT: '/api/leads', RECAPTCHA_SECRET_KEY: 'test-secret' },
        });
        assert.equal(run.code, 0, run.stdout + run.stderr);
        assert.match(
          run.stdout,
          /ok {2}lead endpoint {2}http:\/\/127\.0\.0\.1:\d+\/api\/leads\n {2}status 202, readable by the pages \(CORS\)/,
        );
        assert.match(run.stdout, /ok {2}store: stored as [0-9a-f]{32}\n {2}ok {2}webhook: delivered/);
        const test = stubs.hook.at(-1)!;
        assert.equal(test.body.test, 'true');
        stubs.setHook('down');
        const failing = await runCli(['check-forms', '--allow-local', '--site-url', preview.url()], {
          env: { LEAD_ENDPOINT: '/api/leads', RECAPTCHA_SECRET_KEY: 'test-secret' },
        });
        assert.equal(failing.code, 1);
        assert.match(failing.stdout, /failed {2}webhook: not delivered: answered 503/);
      });

      test('preview killed with kill -9 during a forward: after a restart, a replay delivers the lead, under the same key', async () => {
        const preview = runtime as Awaited<ReturnType<typeof startPreview>>;
        stubs.setHook('hold');
        const { submissionId, text } = lead('consultation', 'ok');
        assert.equal((await runtime.post(text, { client: me() })).status, 202);
        await waitFor(() => forwardsOf(submissionId).length === 1);
        preview.kill();
        await preview.restart();
        stubs.setHook('ok');
        stubs.release();
        // The dead process's claim runs out; until then a replay leaves the lead alone.
        const row = (await rowOf(submissionId))!;
        assert.equal(row.status, 'pending');
        await replay(runtime, stubs);
        assert.equal((await rowOf(submissionId))!.status, 'pending', 'a replay leaves a claimed lead alone');
        await waitFor(() => Date.now() > Date.parse(row.claimedUntil!), 10_000);
        await replay(runtime, stubs);
        assert.equal((await rowOf(submissionId))!.status, 'delivered');
        assert.deepEqual(
          forwardsOf(submissionId).map((request) => request.key),
          [submissionId, submissionId],
        );
      });
    }
  });
}

/** `sitegen leads replay`: the command against the SQLite file in Node; the same function against D1 in workerd. */
async function replay(runtime: LeadRuntime, stubs: Stubs): Promise<void> {
  if (runtime.name === 'node') {
    const run = await runCli(['leads', 'replay'], {
      env: {
        LEADS_DB: (runtime as Awaited<ReturnType<typeof startPreview>>).db,
        FORM_WEBHOOK_URL: stubs.webhookUrl,
        LEADS_TIMEOUT_MS: '1200',
      },
    });
    assert.ok(run.code === 0 || run.code === 1, run.stderr);
    return;
  }
  await runtime.replay(stubs.webhookUrl);
}
