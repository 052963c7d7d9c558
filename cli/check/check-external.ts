import { checkHost, systemResolver, type HostResolver, type PrivateHostsAllowance } from '../shared/address-policy.ts';
import { abortable, requestPinned } from './pinned-request.ts';
import { redirectHopLimit } from './resolve-target.ts';
import type { FindingCode } from './types.ts';

/** Outcome of requesting one external URL. */
export interface ExternalResult {
  ok: boolean;
  status?: number;
  code?: FindingCode;
  reason?: string;
}

/** Options of `checkExternalUrls`. */
export interface ExternalOptions {
  timeoutMs: number;
  concurrency: number;
  /** Longest wait honoured from a `Retry-After` header. */
  maxRetryDelayMs?: number;
  /** Hosts that may resolve to loopback, link-local or private addresses; none by default. */
  allowPrivateHosts?: PrivateHostsAllowance;
  /** Host name resolution; the system's by default, a stub in tests. */
  lookup?: HostResolver;
}

const retryable = (status: number) => status === 429 || status >= 500;
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/**
 * Requests each distinct URL once with at most `concurrency` in flight: HEAD first, GET when
 * HEAD is refused or fails, one retry after a 429 or 5xx; each request has its own timeout.
 * Every hop of a redirect is checked like the first: a host resolving to a non-public address
 * is refused before anything is sent, unless `allowPrivateHosts` says otherwise.
 */
export async function checkExternalUrls(
  urls: Iterable<string>,
  options: ExternalOptions,
): Promise<Map<string, ExternalResult>> {
  const queue = [...new Set(urls)];
  const results = new Map<string, ExternalResult>();
  let next = 0;
  const worker = async () => {
    while (next < queue.length) {
      const url = queue[next++]!;
      results.set(url, await probe(url, options));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, queue.length)) }, worker));
  return results;
}

async function probe(url: string, options: ExternalOptions): Promise<ExternalResult> {
  const head = await requestWithRetry(url, 'HEAD', options);
  if (head.ok || head.code === 'links.http-timeout' || head.code === 'links.private-address') return head;
  // Many servers answer HEAD with 403/404/405 or drop it while GET works.
  return requestWithRetry(url, 'GET', options);
}

async function requestWithRetry(url: string, method: string, options: ExternalOptions): Promise<ExternalResult> {
  const first = await request(url, method, options);
  if (first.result.ok || first.result.status === undefined || !retryable(first.result.status)) return first.result;
  await new Promise((resolve) => setTimeout(resolve, first.retryAfterMs));
  return (await request(url, method, options)).result;
}

type Attempt = { result: ExternalResult; retryAfterMs: number };

/** One request, following redirects by hand (at most `redirectHopLimit`), all within one timeout. */
async function request(url: string, method: string, options: ExternalOptions): Promise<Attempt> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const failed = (code: FindingCode, reason: string): Attempt => ({
    result: { ok: false, code, reason },
    retryAfterMs: 0,
  });
  try {
    let current = new URL(url);
    for (let hop = 0; ; hop++) {
      if (current.protocol !== 'http:' && current.protocol !== 'https:')
        return failed('links.http-failed', `redirects to ${current.href}, which is not http(s)`);
      const verdict = await abortable(
        checkHost(current, options.allowPrivateHosts ?? false, options.lookup ?? systemResolver),
        signal,
      );
      if (!verdict.ok)
        return failed(
          'links.private-address',
          hop === 0 ? verdict.reason : `redirects to ${current.href}: ${verdict.reason}`,
        );
      const response = await requestPinned(current, method, verdict.target, signal);
      const location = response.headers.location;
      if (redirectStatuses.has(response.status) && location) {
        if (hop >= redirectHopLimit)
          return failed('links.too-many-redirects', `more than ${redirectHopLimit} redirects`);
        current = new URL(location, current);
        continue;
      }
      const { status } = response;
      const result: ExternalResult =
        status >= 200 && status < 300
          ? { ok: true, status }
          : { ok: false, status, code: 'links.http-status', reason: `status ${status}` };
      const retryAfter = response.headers['retry-after'];
      return {
        result,
        retryAfterMs: retryDelay(typeof retryAfter === 'string' ? retryAfter : null, options.maxRetryDelayMs ?? 5000),
      };
    }
  } catch (error) {
    if (signal.aborted) return failed('links.http-timeout', `timed out after ${options.timeoutMs} ms`);
    const detail = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return failed('links.http-failed', `request failed (${detail})`);
  }
}

/** Milliseconds to wait per `Retry-After` (seconds or HTTP date), capped; 300 ms when absent. */
function retryDelay(header: string | null, capMs: number): number {
  if (!header) return Math.min(300, capMs);
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Math.max(0, Math.min(Number.isFinite(ms) ? ms : 300, capMs));
}
