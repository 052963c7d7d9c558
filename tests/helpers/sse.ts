import http from 'node:http';

/** A connection to the dev server's event stream that collects named events. */
export interface EventStream {
  next(type: string, timeoutMs?: number): Promise<{ type: string; data: Record<string, unknown>; at: number }>;
  close(): void;
}

/** Opens `url` as a server-sent event stream. */
export function openEventStream(url: string): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const queue: { type: string; data: Record<string, unknown>; at: number }[] = [];
    const waiters: { type: string; resolve: (event: (typeof queue)[number]) => void }[] = [];
    const request = http.get(url, (response) => {
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.+)$/m.exec(frame)?.[1];
          const data = /^data: (.+)$/m.exec(frame)?.[1];
          if (!type || !data) continue;
          const event = { type, data: JSON.parse(data) as Record<string, unknown>, at };
          const waiter = waiters.findIndex((w) => w.type === type);
          if (waiter >= 0) waiters.splice(waiter, 1)[0]!.resolve(event);
          else queue.push(event);
        }
      });
      resolve({
        next: (type, timeoutMs = 10_000) => {
          const queued = queue.findIndex((event) => event.type === type);
          if (queued >= 0) return Promise.resolve(queue.splice(queued, 1)[0]!);
          return new Promise((done, fail) => {
            const timer = setTimeout(() => fail(new Error(`no "${type}" event within ${timeoutMs} ms`)), timeoutMs);
            waiters.push({
              type,
              resolve: (event) => {
                clearTimeout(timer);
                done(event);
              },
            });
          });
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}
