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
}

const retryable = (status: number) => status === 429 || status >= 500;

/**
 * Requests each distinct URL once with at most `concurrency` in flight: HEAD first, GET when
 * HEAD is refused or fails, one retry after a 429 or 5xx; each request has its own timeout.
 */
export async function checkExternalUrls(urls: Iterable<string>, options: ExternalOptions): Promise<Map<string, ExternalResult>> {
  const queue = [...new Set(urls)];
  const results = new Map<string, ExternalResult>();
  let next = 0;
  const worker = async () => {
    while (next < queue.length) {
      const url = queue[next++];
      results.set(url, await probe(url, options));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, queue.length)) }, worker));
  return results;
}

async function probe(url: string, options: ExternalOptions): Promise<ExternalResult> {
  const head = await requestWithRetry(url, 'HEAD', options);
  if (head.ok || head.code === 'links.http-timeout') return head;
  // Many servers answer HEAD with 403/404/405 or drop it while GET works.
  return requestWithRetry(url, 'GET', options);
}

async function requestWithRetry(url: string, method: string, options: ExternalOptions): Promise<ExternalResult> {
  const first = await request(url, method, options);
  if (first.result.ok || first.result.status === undefined || !retryable(first.result.status)) return first.result;
  await new Promise((resolve) => setTimeout(resolve, first.retryAfterMs));
  return (await request(url, method, options)).result;
}

async function request(url: string, method: string, options: ExternalOptions): Promise<{ result: ExternalResult; retryAfterMs: number }> {
  try {
    const response = await fetch(url, {
      method,
      redirect: 'follow',
      signal: AbortSignal.timeout(options.timeoutMs),
      headers: { 'user-agent': 'sitegen-check-links', accept: 'text/html,*/*;q=0.8' },
    });
    // Only the status matters; release the connection instead of downloading the body.
    await response.body?.cancel().catch(() => undefined);
    const result: ExternalResult = response.ok
      ? { ok: true, status: response.status }
      : { ok: false, status: response.status, code: 'links.http-status', reason: `status ${response.status}` };
    return { result, retryAfterMs: retryDelay(response.headers.get('retry-after'), options.maxRetryDelayMs ?? 5000) };
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return { result: { ok: false, code: 'links.http-timeout', reason: `timed out after ${options.timeoutMs} ms` }, retryAfterMs: 0 };
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const detail = cause?.code ?? cause?.message ?? (error as Error).message;
    return { result: { ok: false, code: 'links.http-failed', reason: `request failed (${detail})` }, retryAfterMs: 0 };
  }
}

/** Milliseconds to wait per `Retry-After` (seconds or HTTP date), capped; 300 ms when absent. */
function retryDelay(header: string | null, capMs: number): number {
  if (!header) return Math.min(300, capMs);
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Math.max(0, Math.min(Number.isFinite(ms) ? ms : 300, capMs));
}
