// The lead endpoint as the tests drive it, in its two runtimes: workerd (Miniflare, the Worker
// the build emits, a D1 database) and Node (`sitegen preview`, a child process with a SQLite file).
// Google's siteverify and the automation's webhook are stubs on 127.0.0.1 (lead-stubs.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Miniflare } from 'miniflare';
import type { SqlDatabase } from '../../cli/config/server-spec.ts';
import { loadContent } from '../../cli/load/load-content.ts';
import { bundleHostOutputs, cloudflareFolder } from '../../cli/server/host-outputs.ts';
import { serverFactsFile, serverFactsOf, type ServerFacts } from '../../cli/server/server-facts.ts';
import { applyMigrations, openSqliteDatabase } from '../../cli/server/sqlite-binding.ts';
import { validateContent } from '../../cli/validate/validate-content.ts';
import { leadRow } from '../../server/leads-command.ts';
import { leadSettings } from '../../server/leads/lead-handler.ts';
import { replayLeads } from '../../server/leads/replay-leads.ts';
import { sqlLeadStore } from '../../server/leads/sql-lead-store.ts';
import realDefinition from '../../sitegen.config.ts';
import { projectRoot } from './content.ts';

/** The origin the test builds are made for: tokens solved "on it" carry its host. */
export const testSiteUrl = 'http://127.0.0.1:4999';

/** The facts a build of the marketing site for `siteUrl` records for its server routes. */
export async function leadFacts(siteUrl = testSiteUrl): Promise<ServerFacts> {
  const content = validateContent(
    await loadContent(path.join(projectRoot, 'content'), realDefinition.content),
    realDefinition.content,
  );
  const model = realDefinition.model(content, { env: { SITE_URL: siteUrl } });
  return serverFactsOf(
    realDefinition.server!,
    model,
    realDefinition.settings(model).siteUrl,
    realDefinition.routes(model).map((route) => route.path),
  );
}

/** A stored lead, as `sitegen leads list --json` prints it. */
export type LeadRow = ReturnType<typeof leadRow>;

/** A post to the endpoint and its answer. */
export interface Posted {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The endpoint in one runtime. */
export interface LeadRuntime {
  name: string;
  /** Posts `body` from the client address `client` (127.0.0.x in Node, CF-Connecting-IP in workerd). */
  post(body: string, options?: { client?: number; headers?: Record<string, string>; method?: string }): Promise<Posted>;
  /** Every stored lead. */
  leads(): Promise<LeadRow[]>;
  /** Makes every write to the leads table fail (a full disk, a lost database), or only changes to a row (`'updates'`), or all work again. */
  breakStore(broken: boolean | 'updates'): Promise<void>;
  /** Waits for the forwards under way to end. */
  settle(): Promise<void>;
  /** Forwards the pending and failed leads once, as `sitegen leads replay` does (Node runs the command itself: see the suite). */
  replay(webhookUrl: string): Promise<void>;
  close(): Promise<void>;
}

/** The variables both runtimes get: the stubs, timeouts short enough for the suite and long enough for a busy machine, and a rate limit a burst can pass. */
export function leadEnv(stubs: { verifyUrl: string; webhookUrl: string }): Record<string, string> {
  return {
    RECAPTCHA_SECRET_KEY: 'test-secret',
    RECAPTCHA_VERIFY_URL: stubs.verifyUrl,
    FORM_WEBHOOK_URL: stubs.webhookUrl,
    LEADS_RATE_LIMIT: '5',
    LEADS_MIN_FILL_MS: '1000',
    LEADS_TIMEOUT_MS: '1200',
    LEADS_RETRY_DELAYS_MS: '50,100',
  };
}

const breakTrigger =
  "CREATE TRIGGER IF NOT EXISTS tests_break_store BEFORE INSERT ON leads BEGIN SELECT RAISE(ABORT, 'the disk is full'); END";
const breakUpdates =
  "CREATE TRIGGER IF NOT EXISTS tests_break_updates BEFORE UPDATE ON leads BEGIN SELECT RAISE(ABORT, 'the disk is full'); END";
const mendStore = ['DROP TRIGGER IF EXISTS tests_break_store', 'DROP TRIGGER IF EXISTS tests_break_updates'];

interface LeadRowSource {
  submission_id: string;
  form: string;
  email: string;
  status: string;
  reason: string | null;
  attempts: number;
  last_error: string | null;
  test: number;
  created_at: number;
  delivered_at: number | null;
  fields: string;
  fingerprint: string;
  answer: string | null;
  claimed_until: number | null;
  updated_at: number;
}
const rowOf = (row: LeadRowSource): LeadRow =>
  leadRow({
    submissionId: row.submission_id,
    form: row.form,
    email: row.email,
    fields: JSON.parse(row.fields) as Record<string, string>,
    fingerprint: row.fingerprint,
    status: row.status as LeadRow['status'],
    reason: row.reason,
    answer: row.answer,
    attempts: row.attempts,
    lastError: row.last_error,
    claimedUntil: row.claimed_until,
    test: row.test === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deliveredAt: row.delivered_at,
  });

/** The Worker the build emits, in workerd, with a D1 database that has the site's migrations. */
export async function startWorkerd(facts: ServerFacts, env: Record<string, string>): Promise<LeadRuntime> {
  const outputs = (
    await bundleHostOutputs(realDefinition.server!, projectRoot, path.join(projectRoot, 'dist'))
  ).withFacts(facts);
  const mf = new Miniflare({
    modules: true,
    script: outputs.get(cloudflareFolder)!.get('worker.js')!,
    compatibilityDate: '2026-04-10',
    d1Databases: ['LEADS'],
    bindings: env,
    serviceBindings: { ASSETS: () => new Response('a static file') },
  });
  // Miniflare's D1 is the API a Worker sees; the SqlDatabase the store uses is the part of it it calls.
  const db = (await mf.getD1Database('LEADS')) as unknown as SqlDatabase;
  await applyMigrations(db, path.join(projectRoot, 'server', 'migrations'));
  const pending = new Set<Promise<unknown>>();
  return {
    name: 'workerd',
    async post(body, options = {}) {
      const sent = mf.dispatchFetch(`${testSiteUrl}/api/leads`, {
        method: options.method ?? 'POST',
        redirect: 'manual',
        body: options.method && options.method !== 'POST' ? undefined : body,
        headers: {
          origin: testSiteUrl,
          'content-type': 'application/json',
          'cf-connecting-ip': `203.0.113.${options.client ?? 1}`,
          ...options.headers,
        },
      });
      pending.add(sent);
      const response = await sent.finally(() => pending.delete(sent));
      return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
    },
    leads: async () =>
      (await db.prepare('SELECT * FROM leads ORDER BY created_at, submission_id').all<LeadRowSource>()).results.map(
        rowOf,
      ),
    async breakStore(broken) {
      for (const statement of broken === 'updates' ? [breakUpdates] : broken ? [breakTrigger, breakUpdates] : mendStore)
        await db.prepare(statement).run();
    },
    // A Worker's waitUntil work ends with the request's context; Miniflare lets it run on after the answer.
    settle: () =>
      waitFor(
        async () =>
          (await db
            .prepare("SELECT count(*) AS n FROM leads WHERE status = 'pending' OR claimed_until IS NOT NULL")
            .first<{ n: number }>())!.n === 0,
      ),
    replay: async (webhookUrl) =>
      void (await replayLeads(sqlLeadStore(db), leadSettings({ ...env, FORM_WEBHOOK_URL: webhookUrl }, false).forward)),
    close: () => mf.dispose(),
  };
}

/** Polls `done` every 20 ms until it holds, for at most `ms`. */
export async function waitFor(done: () => Promise<boolean> | boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > until) throw new Error(`still waiting after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A built-site folder as preview serves it: a page, and the facts of the build. */
export async function previewFolder(facts: ServerFacts): Promise<{ dir: string; db: string }> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-leads-'));
  const dir = path.join(tmp, 'dist');
  await mkdir(dir);
  await writeFile(path.join(dir, 'index.html'), '<!DOCTYPE html><title>t</title><h1>Home</h1>');
  await writeFile(path.join(dir, serverFactsFile), JSON.stringify(facts));
  return { dir, db: path.join(tmp, 'leads.sqlite') };
}

/** `sitegen preview` of `dir` as a child process; resolves once it listens, with its URL. */
export function spawnPreview(dir: string, env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(projectRoot, 'cli', 'bin.js'), 'preview', dir, '--port', '0'], {
      cwd: projectRoot,
      env: { ...process.env, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk;
      const found = /on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (found) {
        child.stdout!.off('data', onData);
        resolve({ child, url: found[1]! });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`preview exited with ${code}: ${output}`)));
  });
}

/** A POST over HTTP from a chosen loopback address, so each case can be its own client. */
export function postFrom(
  url: string,
  body: string,
  client: number,
  headers: Record<string, string>,
  method = 'POST',
): Promise<Posted> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, localAddress: `127.0.0.${client}`, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          headers: Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, String(value)])),
          body: text,
        }),
      );
    });
    request.on('error', reject);
    request.end(method === 'POST' ? body : undefined);
  });
}

/** `sitegen preview` with a SQLite file, in a child process. */
export async function startPreview(
  facts: ServerFacts,
  env: Record<string, string>,
): Promise<LeadRuntime & { kill(): void; restart(): Promise<void>; dir: string; db: string; url(): string }> {
  const { dir, db } = await previewFolder(facts);
  // The file with its tables, as preview would make it on its first lead: a case may reach for it before any.
  const made = openSqliteDatabase(db, path.join(projectRoot, 'server', 'migrations'));
  await made.prepare('SELECT 1').first();
  made.close();
  let running = await spawnPreview(dir, { ...env, LEADS_DB: db });
  const sqlite = () => new BetterSqlite3(db);
  return {
    name: 'node',
    dir,
    db,
    url: () => running.url,
    post: (body, options = {}) =>
      postFrom(
        `${running.url}/api/leads`,
        body,
        options.client ?? 1,
        { origin: running.url, 'content-type': 'application/json', ...options.headers },
        options.method,
      ),
    async leads() {
      const connection = sqlite();
      try {
        return (
          connection.prepare('SELECT * FROM leads ORDER BY created_at, submission_id').all() as LeadRowSource[]
        ).map(rowOf);
      } finally {
        connection.close();
      }
    },
    async breakStore(broken) {
      const connection = sqlite();
      try {
        for (const statement of broken === 'updates'
          ? [breakUpdates]
          : broken
            ? [breakTrigger, breakUpdates]
            : mendStore)
          connection.exec(statement);
      } finally {
        connection.close();
      }
    },
    settle: () =>
      waitFor(async () => {
        const connection = sqlite();
        try {
          return (
            (
              connection
                .prepare("SELECT count(*) AS n FROM leads WHERE status = 'pending' OR claimed_until IS NOT NULL")
                .get() as { n: number }
            ).n === 0
          );
        } finally {
          connection.close();
        }
      }),
    replay: () => Promise.reject(new Error('Node replays with the command: sitegen leads replay')),
    kill: () => void running.child.kill('SIGKILL'),
    async restart() {
      running = await spawnPreview(dir, { ...env, LEADS_DB: db });
    },
    async close() {
      const exited = new Promise((resolve) => running.child.once('exit', resolve));
      running.child.kill('SIGTERM');
      await exited;
    },
  };
}
