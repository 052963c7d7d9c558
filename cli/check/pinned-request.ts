import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './address-policy.ts';

/** The status line and headers of a response; its body is never read. */
export interface PinnedResponse {
  status: number;
  headers: IncomingHttpHeaders;
}

/**
 * Sends one request to `url` over a connection to `target`, an address already checked: the
 * request's `lookup` hands that address back instead of asking DNS again, while the Host header,
 * TLS name and certificate check keep the URL's host name. Redirects are not followed.
 */
export function requestPinned(url: URL, method: string, target: ResolvedAddress, signal: AbortSignal): Promise<PinnedResponse> {
  const lookup = ((_hostname, options, callback) => {
    // Node asks for a list when it races address families (autoSelectFamily), else for one address.
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  }) as LookupFunction;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method, signal, lookup, agent: false,
      headers: { 'user-agent': 'sitegen-check-links', accept: 'text/html,*/*;q=0.8' },
    }, (response) => {
      resolve({ status: response.statusCode ?? 0, headers: response.headers });
      // Only the status matters; drop the connection instead of downloading the body.
      response.destroy();
    });
    request.on('error', reject);
    request.end();
  });
}
