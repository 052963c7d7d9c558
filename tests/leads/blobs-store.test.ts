// The lead store on Netlify Blobs (server/leads/blobs-lead-store.ts): the lead handler runs on it
// as in a Netlify function, and the owner's operations behave as the SQL store's. The local Blobs
// server @netlify/blobs ships answers reads without an ETag, so it cannot take a conditional
// update; the store is tested instead on `memoryBlobs`, which keeps Netlify's documented contract
// (an ETag per version, `onlyIfNew` and `onlyIfMatch` decided at once) and nothing more.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { HandlerContext } from '../../cli/config/server-spec.ts';
import handleLead from '../../server/leads/lead-handler.ts';
import { blobsLeadStore, type BlobsStore } from '../../server/leads/blobs-lead-store.ts';
import type { LeadStore } from '../../server/leads/lead-store.ts';
import { leadEnv, leadFacts, testSiteUrl } from '../helpers/lead-endpoint.ts';
import { startStubs, type Stubs } from '../helpers/lead-stubs.ts';

/** A Blobs store in memory, with Netlify's conditional writes; values go through JSON as they would over HTTP. */
function memoryBlobs(): BlobsStore {
  const entries = new Map<string, { text: string; etag: string }>();
  return {
    getWithMetadata: async (key) => {
      const entry = entries.get(key);
      return entry ? { data: JSON.parse(entry.text) as unknown, etag: entry.etag } : null;
    },
    setJSON: async (key, data, options = {}) => {
      const current = entries.get(key);
      if (options.onlyIfNew && current) return { modified: false };
      if (options.onlyIfMatch !== undefined && current?.etag !== options.onlyIfMatch) return { modified: false };
      const etag = `"${randomUUID()}"`;
      entries.set(key, { text: JSON.stringify(data), etag });
      return { modified: true, etag };
    },
    delete: async (key) => void entries.delete(key),
    list: async ({ prefix }) => ({
      blobs: [...entries.keys()].filter((key) => key.startsWith(prefix)).map((key) => ({ key })),
    }),
  };
}

let store: LeadStore;
let stubs: Stubs;
let facts: Awaited<ReturnType<typeof leadFacts>>;

before(async () => {
  store = blobsLeadStore(memoryBlobs());
  stubs = await startStubs();
  facts = await leadFacts();
});
after(() => stubs.close());

/** Posts a lead to the handler as a Netlify function calls it, and waits for what it hands to waitUntil. */
async function post(body: Record<string, unknown>, client = '198.51.100.1'): Promise<Response> {
  const later: Promise<unknown>[] = [];
  const context: HandlerContext = {
    waitUntil: (promise) => void later.push(promise),
    clientAddress: client,
    site: facts,
  };
  const request = new Request(`${testSiteUrl}/api/leads`, {
    method: 'POST',
    headers: { origin: testSiteUrl, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await handleLead(request, { ...leadEnv(stubs), LEADS_STORE: store }, context);
  await Promise.all(later);
  return answer;
}

const guide = (submissionId: string, token: string) => ({
  form: 'guide',
  name: 'Ada',
  email: 'ada@example.com',
  company: '',
  guide_name: 'AI-Powered Playwright',
  recaptchaToken: `${token}-${submissionId}`,
  submissionId,
  website: '',
  fillMs: 5000,
});

test('on Blobs, a lead is stored, answered 202 and delivered once; a double click is answered as the first', async () => {
  const id = '1'.repeat(32);
  const first = await post(guide(id, 'ok'));
  assert.equal(first.status, 202);
  const again = await post(guide(id, 'ok'));
  assert.equal(await again.text(), JSON.stringify({ submissionId: id, status: 'pending' }));
  assert.equal((await store.get(id))!.status, 'delivered');
  assert.equal(stubs.hook.filter((request) => request.key === id).length, 1);
});

test('on Blobs, a refused lead is kept with its reason and a verified retry with its id takes its place', async () => {
  const id = '2'.repeat(32);
  assert.equal((await post(guide(id, 'false'))).status, 403);
  assert.deepEqual([(await store.get(id))!.status, (await store.get(id))!.reason], ['unverified', 'captcha-failed']);
  assert.equal((await post(guide(id, 'ok'))).status, 202);
  assert.equal((await store.get(id))!.status, 'delivered');
  assert.equal((await store.list()).filter((lead) => lead.submissionId === id).length, 1);
});

test('on Blobs, the rate limit counts posts per address and minute', async () => {
  const statuses = [];
  for (let n = 0; n < 7; n += 1)
    statuses.push((await post(guide(`3${n}`.padEnd(32, '0'), 'ok'), '198.51.100.77')).status);
  assert.deepEqual(statuses, [202, 202, 202, 202, 202, 429, 429]);
});

test('on Blobs, a claimed lead cannot be claimed again until its claim runs out, and erase and prune remove leads', async () => {
  const id = '4'.repeat(32);
  const now = Date.now();
  await store.begin(
    {
      submissionId: id,
      form: 'guide',
      email: 'zed@example.com',
      fields: { email: 'zed@example.com' },
      fingerprint: 'f',
      test: false,
    },
    now,
    now + 1000,
  );
  await store.settle(id, { status: 'failed', reason: null, answer: null }, now);
  assert.ok(await store.claim(id, now, now + 60_000));
  assert.equal(await store.claim(id, now + 1, now + 60_000), null);
  assert.ok(await store.claim(id, now + 60_001, now + 120_000));
  assert.equal(await store.erase('ZED@example.com'), 1);
  const delivered = (await store.list('delivered')).length;
  assert.ok(delivered > 0);
  assert.equal(await store.prune([{ status: 'delivered', days: 0 }], Date.now() + 1000), delivered);
  assert.deepEqual(await store.list('delivered'), []);
});

test('on Blobs, concurrent posts under one id: one is taken, the others wait or are answered as it was; one forward', async () => {
  const id = '5'.repeat(32);
  const answers = await Promise.all(Array.from({ length: 5 }, () => post(guide(id, 'ok'), '198.51.100.5')));
  const statuses = answers.map((answer) => answer.status);
  assert.ok(statuses.includes(202) && statuses.every((status) => status === 202 || status === 409), statuses.join());
  assert.equal(stubs.hook.filter((request) => request.key === id).length, 1);
});
