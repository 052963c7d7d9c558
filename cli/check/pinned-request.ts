import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from '../shared/address-policy.ts';

/** The status line and headers of a response, and the start of its body when asked for. */
export interface PinnedResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The first `readBytes` bytes of the body at most (empty unless asked for). */
  body: Buffer;
}

/** What one request sends, and how much of the answer it reads. */
export interface PinnedSend {
  headers?: OutgoingHttpHeaders;
  body?: string;
  /**
   * Bytes of the body to read before the connection is dropped: an answer is anyone's, and an
   * endless one must not fill the memory. None by default.
   */
  readBytes?: number;
}

/** The headers of a link check's request: what a browser following a link asks for. */
const linkCheckHeaders: OutgoingHttpHeaders = { 'user-agent': 'sitegen-check-links', accept: 'text/html,*/*;q=0.8' };

/**
 * Sends one request to `url` over a connection to `target`, an address already checked: the
 * request's `lookup` hands that address back instead of asking DNS again, while the Host header,
 * TLS name and certificate check keep the URL's host name. Redirects are not followed. Of the
 * answer, the status, the headers and at most `send.readBytes` of the body are read; then the
 * connection is dropped.
 */
export function requestPinned(
  url: URL,
  method: string,
  target: ResolvedAddress,
  signal: AbortSignal,
  send: PinnedSend = {},
): Promise<PinnedResponse> {
  const lookup = ((_hostname, options, callback) => {
    // Node asks for a list when it races address families (autoSelectFamily), else for one address.
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  }) as LookupFunction;
  const client = url.protocol === 'https:' ? https : http;
  const limit = send.readBytes ?? 0;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method,
        signal,
        lookup,
        agent: false,
        headers: send.headers ?? linkCheckHeaders,
      },
      (response) => {
        const answer = { status: response.statusCode ?? 0, headers: response.headers };
        const chunks: Buffer[] = [];
        let read = 0;
        const done = () => {
          // Only what was asked for is kept; the connection is dropped instead of downloading the rest.
          response.destroy();
          resolve({ ...answer, body: Buffer.concat(chunks).subarray(0, limit) });
        };
        if (limit === 0) return done();
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          read += chunk.length;
          if (read >= limit) done();
        });
        response.on('error', reject);
        // The body's end, or the connection's: either way, what came is all there is.
        response.on('close', done);
      },
    );
    request.on('error', reject);
    request.end(send.body);
  });
}

/** `promise`, or a rejection when `signal` aborts first (a DNS lookup cannot be cancelled). */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
