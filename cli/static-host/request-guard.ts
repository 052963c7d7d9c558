// Which requests the dev server answers at all: its own Host names, origin-form targets, and
// (for the form inbox) posts from its own pages.
import type { IncomingMessage } from 'node:http';

/** Loopback names every dev server answers to, whatever `--host` it listens on. */
const loopbackNames = ['localhost', '127.0.0.1', '[::1]'];

/** How a host name appears in a Host header: an IPv6 address in brackets, lower case. */
export function hostHeaderName(host: string): string {
  const name = host.toLowerCase();
  return name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
}

/**
 * The Host header values of the server's own address: the loopback names, the `--host` it
 * listens on and any extra names allowed, each with the port (and without it on port 80).
 * Anything else is a page of another site reaching it through DNS rebinding.
 */
export function ownHostValues(host: string, port: number, extraNames: readonly string[] = []): Set<string> {
  const names = [...loopbackNames, host, ...extraNames].map(hostHeaderName);
  return new Set(names.flatMap((name) => (port === 80 ? [name, `${name}:80`] : [`${name}:${port}`])));
}

/** Whether the request's Host header names this server (a missing or empty one does not). */
export function hasOwnHost(request: IncomingMessage, ownHosts: ReadonlySet<string>): boolean {
  const host = request.headers.host;
  return host !== undefined && ownHosts.has(host.toLowerCase());
}

/**
 * The path of an origin-form request target (`/a/b?x`), or `undefined` for anything else
 * (`*`, `http://host/…`, garbage). Parsed against a fixed origin so that `//x` stays a path:
 * parsed as a relative URL it names a host, and throwing on it used to crash the server.
 */
export function requestPathOf(target: string | undefined): string | undefined {
  if (!target?.startsWith('/')) return undefined;
  try {
    return new URL(`http://localhost${target}`).pathname;
  } catch {
    return undefined;
  }
}

/**
 * Whether a POST comes from one of the server's own pages. Browsers always send `Origin` on a
 * POST and cannot be made to lie about it, so it must be an own origin; `Sec-Fetch-Site`,
 * where sent, must agree (`same-origin`), except when the page was opened under another of
 * the server's names (`localhost` posting to `127.0.0.1`), which browsers call cross-site.
 */
export function isOwnPagePost(request: IncomingMessage, ownHosts: ReadonlySet<string>): boolean {
  const origin = request.headers.origin?.toLowerCase();
  if (!origin?.startsWith('http://') || !ownHosts.has(origin.slice('http://'.length))) return false;
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || origin !== `http://${request.headers.host?.toLowerCase()}`;
}
