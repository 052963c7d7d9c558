// `sitegen leads` (server/leads-command.ts) on a SQLite file with leads of every status, run in
// this process as the engine runs a site's command: list, export, erase, prune.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { openSqliteDatabase, type SqliteDatabase } from '../../cli/server/sqlite-binding.ts';
import createLeadsCommand from '../../server/leads-command.ts';
import type { LeadStatus } from '../../server/leads/lead-store.ts';
import { sqlLeadStore } from '../../server/leads/sql-lead-store.ts';
import { projectRoot } from '../helpers/content.ts';

let tmp: string;
let file: string;
const migrations = path.join(projectRoot, 'server', 'migrations');
const day = 24 * 60 * 60 * 1000;

/** Runs `sitegen leads …args` and returns what it printed. */
async function leads(...args: string[]): Promise<string[]> {
  return leadsWith({}, ...args);
}

/** Runs `sitegen leads …args` with these variables and returns what it printed. */
async function leadsWith(env: Record<string, string>, ...args: string[]): Promise<string[]> {
  const printed: string[] = [];
  const log = console.log;
  console.log = (line: string) => void printed.push(line);
  try {
    const command = createLeadsCommand({
      root: projectRoot,
      env,
      openDatabase: () => openSqliteDatabase(file, migrations),
    });
    await command.parseAsync(args, { from: 'user' });
  } finally {
    console.log = log;
  }
  return printed;
}

/** Stores a lead with a status, made `ageDays` ago. */
async function put(
  db: SqliteDatabase,
  id: string,
  status: LeadStatus,
  fields: Record<string, string>,
  ageDays = 0,
  reason: string | null = null,
) {
  const store = sqlLeadStore(db);
  const at = Date.now() - ageDays * day;
  await store.begin(
    { submissionId: id, form: 'guide', email: fields.email!, fields, fingerprint: id, test: false },
    at,
    at,
  );
  await store.settle(id, { status, reason, answer: null }, at);
}

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-leads-command-'));
  file = path.join(tmp, 'leads.sqlite');
  const db = openSqliteDatabase(file, migrations);
  await put(
    db,
    'a'.repeat(32),
    'delivered',
    { name: 'Ada', email: 'ada@example.com', company: '=HYPERLINK("http://x")', guide_name: 'G' },
    2,
  );
  await put(
    db,
    'b'.repeat(32),
    'spam',
    { name: 'Bot', email: 'bot@example.com', company: '', guide_name: 'G' },
    40,
    'honeypot',
  );
  await put(
    db,
    'c'.repeat(32),
    'unverified',
    { name: 'Ada again', email: 'ADA@example.com', company: 'A, "B"', guide_name: 'G' },
    1,
    'token-expired',
  );
  await put(
    db,
    'd'.repeat(32),
    'delivered',
    { name: 'Old', email: 'old@example.com', company: '', guide_name: 'G' },
    4 * 365,
  );
  db.close();
});
after(() => rm(tmp, { recursive: true, force: true }));

test('list --json prints one object per lead, oldest first, with its id, form, email, status and reason; --status narrows it', async () => {
  const rows = (await leads('list', '--json')).map((line) => JSON.parse(line) as Record<string, unknown>);
  assert.deepEqual(
    rows.map((row) => [row.submissionId, row.form, row.email, row.status, row.reason]),
    [
      ['d'.repeat(32), 'guide', 'old@example.com', 'delivered', null],
      ['b'.repeat(32), 'guide', 'bot@example.com', 'spam', 'honeypot'],
      ['a'.repeat(32), 'guide', 'ada@example.com', 'delivered', null],
      ['c'.repeat(32), 'guide', 'ADA@example.com', 'unverified', 'token-expired'],
    ],
  );
  assert.deepEqual(
    (await leads('list', '--json', '--status', 'spam')).map(
      (line) => (JSON.parse(line) as { submissionId: string }).submissionId,
    ),
    ['b'.repeat(32)],
  );
});

test('export --format csv prints a header row, then one row per lead; a cell a spreadsheet would run is written as text', async () => {
  const [csv] = await leads('export', '--format', 'csv');
  const lines = csv!.split('\n');
  assert.equal(
    lines[0],
    'submissionId,form,email,status,reason,attempts,lastError,test,createdAt,deliveredAt,name,company,guide_name',
  );
  assert.equal(lines.length, 5);
  assert.match(lines[3]!, /,"'=HYPERLINK\(""http:\/\/x""\)",G$/);
  assert.match(lines[4]!, /,"A, ""B""",G$/);
});

test('approve accepts a reviewed lead kept aside and forwards it once; a lead not kept aside is refused and sent nothing', async () => {
  const received: { key: string | undefined; body: Record<string, string> }[] = [];
  const hook = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      received.push({
        key: request.headers['idempotency-key'] as string | undefined,
        body: JSON.parse(text) as Record<string, string>,
      });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const env = { FORM_WEBHOOK_URL: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook` };
  const exitCode = process.exitCode;
  try {
    assert.deepEqual(await leadsWith(env, 'approve', 'c'.repeat(32)), [`delivered  ${'c'.repeat(32)}`]);
    assert.deepEqual(received, [
      {
        key: 'c'.repeat(32),
        body: { name: 'Ada again', email: 'ADA@example.com', company: 'A, "B"', guide_name: 'G' },
      },
    ]);
    const row = JSON.parse((await leads('list', '--json')).find((line) => line.includes('c'.repeat(32)))!) as {
      status: string;
      reason: string;
    };
    assert.deepEqual([row.status, row.reason], ['delivered', 'approved: token-expired']);
    assert.deepEqual(
      await leadsWith(env, 'approve', 'c'.repeat(32), 'a'.repeat(32)),
      [],
      'an accepted lead is not approved again',
    );
    assert.equal(process.exitCode, 1);
    assert.equal(received.length, 1, 'nothing was sent again');
  } finally {
    process.exitCode = exitCode;
    hook.close();
  }
});

test('erase removes every lead of an address, in any case; prune removes what is kept no longer', async () => {
  assert.deepEqual(await leads('erase', 'Ada@Example.com'), ['2 leads of Ada@Example.com removed']);
  assert.deepEqual(await leads('prune'), ['2 leads removed'], 'spam after 30 days, accepted leads after 3 years');
  assert.deepEqual(await leads('list', '--json'), []);
});
