import type { ServerResponse } from 'node:http';

/** Where pages listen for rebuilds. */
export const eventsPath = '/__sitegen/events';

/** What a page is told after a rebuild. */
export type LiveEvent =
  { type: 'reload' } | { type: 'css'; href: string } | { type: 'build-error'; text: string } | { type: 'build-ok' };

/** Server-sent events to every open page. */
export class LiveReloadHub {
  private readonly clients = new Set<ServerResponse>();

  /** Keeps a response open as an event stream. */
  connect(response: ServerResponse): void {
    response.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    response.write(': connected\n\n');
    this.clients.add(response);
    response.on('close', () => this.clients.delete(response));
  }

  broadcast(event: LiveEvent): void {
    const frame = `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
    for (const client of this.clients) client.write(frame);
  }

  close(): void {
    for (const client of this.clients) client.end();
    this.clients.clear();
  }
}

/**
 * The script the dev server adds to every page: reloads after a rebuild, swaps the stylesheet
 * when only styles changed, and shows build errors in an overlay until they are fixed. The
 * content warnings of the page's own Markdown bodies (HTML removed, accessibility findings) show
 * in the same overlay, as a panel at the bottom that a visitor may close: the page is published
 * with them, unlike a failed build's.
 */
export function liveReloadScript(currentError: string | undefined, pageWarnings?: string): string {
  const client = () => {
    const state = window as unknown as { __sitegenError?: string; __sitegenWarnings?: string };
    const show = (text: string, warning: boolean) => {
      let overlay = document.getElementById('sitegen-error-overlay');
      if (!overlay) {
        overlay = document.createElement('div');
        overlay.id = 'sitegen-error-overlay';
        document.body.append(overlay);
      }
      overlay.dataset.kind = warning ? 'warnings' : 'error';
      overlay.setAttribute('role', warning ? 'status' : 'alert');
      overlay.style.cssText = `position:fixed;${warning ? 'left:0;right:0;bottom:0;max-height:45vh;border-top:4px solid #fbbf24' : 'inset:0'};z-index:2147483647;overflow:auto;padding:2rem;background:rgba(11,27,63,.94);color:#fff;font:14px/1.5 ui-monospace,monospace`;
      overlay.innerHTML = warning
        ? '<p style="font:600 18px system-ui;margin:0 0 1rem;color:#fde68a">Content warnings of this page: it is published as it is, build --strict refuses it.</p><pre style="white-space:pre-wrap;margin:0"></pre><p style="font:14px system-ui;margin-top:1rem">Fix the file and save: this page updates by itself. <button type="button" style="font:inherit;margin-left:1rem">Close</button></p>'
        : '<p style="font:600 18px system-ui;margin:0 0 1rem;color:#fca5a5">Build failed: the last good version of this page is behind this message.</p><pre style="white-space:pre-wrap;margin:0"></pre><p style="font:14px system-ui;margin-top:1rem">Fix the file and save: this page updates by itself.</p>';
      overlay.querySelector('pre')!.textContent = text;
      overlay.querySelector('button')?.addEventListener('click', () => overlay!.remove());
    };
    const hide = () => document.getElementById('sitegen-error-overlay')?.remove();
    if (state.__sitegenError) document.addEventListener('DOMContentLoaded', () => show(state.__sitegenError!, false));
    else if (state.__sitegenWarnings)
      document.addEventListener('DOMContentLoaded', () => show(state.__sitegenWarnings!, true));
    const events = new EventSource('/__sitegen/events');
    events.addEventListener('reload', () => location.reload());
    events.addEventListener('css', (event) => {
      const { href } = JSON.parse((event as MessageEvent<string>).data) as { href: string };
      for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) link.href = href;
    });
    events.addEventListener('build-error', (event) =>
      show((JSON.parse((event as MessageEvent<string>).data) as { text: string }).text, false),
    );
    events.addEventListener('build-ok', hide);
  };
  const value = (text: string | undefined) => JSON.stringify(text ?? null).replace(/</g, '\\u003c');
  return `<script>window.__sitegenError=${value(currentError)};window.__sitegenWarnings=${value(pageWarnings)};(${client.toString()})()</script>`;
}
