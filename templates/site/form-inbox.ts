import { appendFile, mkdir } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { isOwnPagePost } from 'sitegen/site';

/** Largest form body the dev endpoint accepts, in bytes. */
export const maxFormBody = 64 * 1024;

/**
 * Body types the inbox reads as JSON: `application/json`, and `text/plain`, which is what the
 * site's own forms send (client/forms/submit-lead.ts posts without headers so that a real
 * webhook needs no CORS preflight). Form encodings a cross-site `<form>` could send are refused.
 */
const jsonBodyType = /^(?:application\/(?:[\w.+-]+\+)?json|text\/plain)\s*(?:;|$)/i;

/**
 * Stands in for the form webhook during development: each POST from one of the server's own
 * pages (`ownHosts`: its Host values) carrying a JSON object of at most `maxFormBody` bytes is
 * appended to a JSON-lines file with its time and page, and reported, so every form can be
 * tried end to end offline. Anything else is refused before it is stored.
 */
export function createFormInbox(
  file: string,
  ownHosts: ReadonlySet<string>,
  report: (entry: Record<string, unknown>) => void,
) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const refuse = (status: number, text: string, headers: Record<string, string> = {}) => {
      // Node discards the unread rest of the body (closing at once would reset the connection
      // before a client still sending could read this answer); its request timeout bounds that.
      response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers }).end(text);
    };
    if (request.method !== 'POST' && request.method !== 'OPTIONS')
      return refuse(405, 'Only POST is accepted', { Allow: 'POST' });
    if (!isOwnPagePost(request, ownHosts))
      return refuse(403, "Forms are accepted only from this dev server's own pages");
    const cors = { 'Access-Control-Allow-Origin': request.headers.origin!, Vary: 'Origin' };
    if (request.method === 'OPTIONS') {
      response
        .writeHead(204, {
          ...cors,
          'Access-Control-Allow-Methods': 'POST',
          'Access-Control-Allow-Headers': 'Content-Type',
        })
        .end();
      return;
    }
    if (!jsonBodyType.test(request.headers['content-type'] ?? '')) return refuse(415, 'Expected a JSON body', cors);
    const bytes = await readLimited(request, maxFormBody);
    if (bytes === undefined) return refuse(413, 'Form body too large', cors);
    const body = parseObject(bytes);
    if (body === undefined) return refuse(400, 'Expected a JSON object', cors);
    const entry = { receivedAt: new Date().toISOString(), page: request.headers.referer ?? null, body };
    await mkdir(path.dirname(file), { recursive: true });
    await appendFile(file, `${JSON.stringify(entry)}\n`);
    report(entry);
    response.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end('{"ok":true}');
  };
}

/** The request body, or `undefined` as soon as it is known to exceed `limit` bytes (the rest is never read). */
function readLimited(request: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  if (Number(request.headers['content-length'] ?? 0) > limit) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      request.off('data', onData).pause();
      resolve(undefined);
    };
    request.on('data', onData);
    request.once('end', () => resolve(Buffer.concat(chunks)));
    request.once('error', reject);
    // A client that hangs up mid-body sends nothing to store.
    request.once('close', () => resolve(undefined));
  });
}

/** The body as a JSON object, or `undefined` for invalid UTF-8, invalid JSON or any other JSON value. */
function parseObject(bytes: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
