// 200 leads from 20 clients at once to the lead endpoint in `sitegen preview` (a SQLite file,
// Google and the webhook stubbed on 127.0.0.1): every lead must be stored once and forwarded
// once; prints the time to answer, p50 and p95. Run on a quiet machine: `npm run bench:leads`.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { leadEnv, leadFacts, startPreview } from '../helpers/lead-endpoint.ts';
import { startStubs } from '../helpers/lead-stubs.ts';

const clients = 20;
const perClient = 10;

const stubs = await startStubs();
const preview = await startPreview(await leadFacts(), {
  ...leadEnv(stubs),
  LEADS_RATE_LIMIT: String(perClient * 2),
  LEADS_MIN_FILL_MS: '0',
  LEADS_TIMEOUT_MS: '8000',
});
try {
  const times: number[] = [];
  const ids: string[] = [];
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let n = 0; n < perClient; n += 1) {
        const submissionId = randomBytes(16).toString('hex');
        ids.push(submissionId);
        const body = JSON.stringify({
          form: 'guide',
          name: `Client ${client}`,
          email: `client${client}-${n}@example.com`,
          company: '',
          guide_name: 'AI-Powered Playwright',
          recaptchaToken: `ok-${submissionId}`,
          submissionId,
          website: '',
          fillMs: 5000,
        });
        const started = performance.now();
        const answer = await preview.post(body, { client: client + 2 });
        times.push(performance.now() - started);
        assert.equal(answer.status, 202, answer.body);
      }
    }),
  );
  await preview.settle();
  const leads = await preview.leads();
  assert.equal(leads.length, clients * perClient, 'every lead is stored once');
  assert.ok(
    leads.every((lead) => lead.status === 'delivered'),
    'and delivered',
  );
  const keys = stubs.hook.map((request) => request.key);
  assert.equal(keys.length, ids.length, 'forwarded once each');
  assert.deepEqual(new Set(keys), new Set(ids));
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.ceil(share * times.length) - 1)]!.toFixed(1);
  console.log(
    `${times.length} leads from ${clients} clients to preview: time to answer p50 ${at(0.5)} ms, p95 ${at(0.95)} ms; ${leads.length} stored, ${keys.length} forwarded`,
  );
} finally {
  await preview.close();
  await stubs.close();
}
