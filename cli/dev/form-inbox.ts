import { appendFile, mkdir } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

/** Largest form body the dev endpoint accepts. */
const maxBody = 64 * 1024;

/**
 * Stands in for the form webhook during development: each POST is appended to a JSON-lines
 * file with its time and page, and reported, so every form can be tried end to end offline.
 */
export function createFormInbox(file: string, report: (entry: Record<string, unknown>) => void) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const cors = { 'Access-Control-Allow-Origin': '*' };
    if (request.method !== 'POST') {
      response.writeHead(405, { ...cors, Allow: 'POST' }).end();
      return;
    }
    let text = '';
    for await (const chunk of request) {
      text += chunk;
      if (text.length > maxBody) {
        response.writeHead(413, cors).end('Form body too large');
        return;
      }
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      response.writeHead(400, cors).end('Expected a JSON body');
      return;
    }
    const entry = { receivedAt: new Date().toISOString(), page: request.headers.referer ?? null, body };
    await mkdir(path.dirname(file), { recursive: true });
    await appendFile(file, `${JSON.stringify(entry)}\n`);
    report(entry);
    response.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end('{"ok":true}');
  };
}
