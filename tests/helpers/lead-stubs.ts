// Stand-ins on 127.0.0.1 for the two services the lead endpoint calls: Google's siteverify,
// which answers by the token's first word (`ok-…`, `false-…`, `slow-…`: see `verdicts`), and the
// automation's webhook, which answers as its mode says and records every request it gets.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the siteverify stub answers a token, by the token's first word. */
const verdicts: Record<string, (response: ServerResponse, hostname: string) => void | Promise<void>> = {
  ok: (response, hostname) => json(response, { success: true, hostname, challenge_ts: new Date().toISOString() }),
  false: (response) => json(response, { success: false, 'error-codes': ['invalid-input-response'] }),
  slow: async (response, hostname) => {
    await new Promise((resolve) => setTimeout(resolve, 4000));
    json(response, { success: true, hostname, challenge_ts: new Date().toISOString() });
  },
  down: (response) => void response.writeHead(503).end('unavailable'),
  html: (response) =>
    void response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Sorry</body></html>'),
  otherhost: (response) =>
    json(response, { success: true, hostname: 'evil.example', challenge_ts: new Date().toISOString() }),
  lowscore: (response, hostname) =>
    json(response, { success: true, hostname, challenge_ts: new Date().toISOString(), score: 0.1 }),
  wrongaction: (response, hostname) =>
    json(response, { success: true, hostname, challenge_ts: new Date().toISOString(), action: 'login', score: 0.9 }),
  old: (response, hostname) =>
    json(response, { success: true, hostname, challenge_ts: new Date(Date.now() - 5 * 60_000).toISOString() }),
  spent: (response) => json(response, { success: false, 'error-codes': ['timeout-or-duplicate'] }),
};

function json(response: ServerResponse, body: unknown): void {
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
  });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** How the webhook answers: 200 with or without CORS, 503, a redirect, too late, or not until released. */
export type HookMode = 'ok' | 'no-cors' | 'down' | 'redirect' | 'slow' | 'hold';

/** One request the webhook got. */
export interface HookRequest {
  method: string;
  path: string;
  key: string | undefined;
  body: Record<string, string>;
  /** When it arrived, and the status it was answered with and when, once it was. */
  at: number;
  answered?: number;
  answeredAt?: number;
}

export interface Stubs {
  verifyUrl: string;
  webhookUrl: string;
  /** The tokens siteverify was asked about, in order. */
  verified: string[];
  hook: HookRequest[];
  setHook(mode: HookMode): void;
  /** Answers held requests with 200. */
  release(): void;
  close(): Promise<void>;
}

export async function startStubs(hostname = '127.0.0.1'): Promise<Stubs> {
  const verified: string[] = [];
  const hook: HookRequest[] = [];
  let mode: HookMode = 'ok';
  let held: (() => void)[] = [];
  const google = createServer(async (request, response) => {
    const token = new URLSearchParams(await readBody(request)).get('response') ?? '';
    verified.push(token);
    await (verdicts[token.split('-')[0]!] ?? verdicts.false!)(response, hostname);
  });
  const webhook = createServer(async (request, response) => {
    const text = await readBody(request);
    let body: Record<string, string>;
    try {
      body = JSON.parse(text) as Record<string, string>;
    } catch {
      body = { raw: text };
    }
    const entry: HookRequest = {
      method: request.method!,
      path: request.url!,
      key: request.headers['idempotency-key'] as string | undefined,
      body,
      at: performance.now(),
    };
    hook.push(entry);
    const answer = (status: number, headers: Record<string, string> = {}) => {
      // A client that hung up (a process killed mid-request) never hears the answer.
      if (request.socket.destroyed) return;
      entry.answered = status;
      entry.answeredAt = performance.now();
      response.writeHead(status, headers).end();
    };
    if (request.url === '/moved') return answer(200);
    if (mode === 'ok') return answer(200, { 'access-control-allow-origin': '*' });
    if (mode === 'no-cors') return answer(200);
    if (mode === 'down') return answer(503);
    if (mode === 'redirect') return answer(302, { location: '/moved' });
    if (mode === 'slow') return void setTimeout(() => answer(200), 4000);
    held.push(() => answer(200));
  });
  const [verifyUrl, webhookUrl] = await Promise.all([listen(google), listen(webhook)]);
  return {
    verifyUrl: `${verifyUrl}/recaptcha/api/siteverify`,
    webhookUrl: `${webhookUrl}/hook`,
    verified,
    hook,
    setHook: (next) => void (mode = next),
    release: () => {
      for (const answer of held) answer();
      held = [];
    },
    close: async () => {
      google.closeAllConnections();
      webhook.closeAllConnections();
      await Promise.all([
        new Promise((resolve) => google.close(resolve)),
        new Promise((resolve) => webhook.close(resolve)),
      ]);
    },
  };
}
