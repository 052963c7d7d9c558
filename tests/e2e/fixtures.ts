import { test as base, expect, type Locator, type Page, type Route } from '@playwright/test';

/** The form webhook from content/data/site.json; tests answer it with request routing. */
export const webhookUrl = 'https://hooks.zapier.com/hooks/catch/1234567/checkpoint-leads/';
export const schedulingUrl = 'https://calendly.com/checkpointqa/consultation';
export const chatPersonaUrl = 'https://chat.checkpointqa.com/ask';

/**
 * A stand-in for Google's reCAPTCHA script: it records each widget's callbacks so a test can
 * solve, expire or break the captcha, and counts resets. Its widget is the real one's size,
 * 304 × 78 px whatever room it has, so layout tests see what visitors see.
 */
const fakeRecaptcha = `
(() => {
  const state = window.__captcha = { widgets: [], resets: 0 };
  const api = {
    render(element, params) {
      element.innerHTML = '<div data-fake-captcha="" style="width:304px;height:78px;box-sizing:border-box;border:1px solid #d3d3d3;background:#f9f9f9">captcha</div>';
      state.widgets.push(params);
      return state.widgets.length - 1;
    },
    reset() { state.resets += 1; },
  };
  window.grecaptcha = Object.assign({ enterprise: api }, api);
  const onload = new URL(document.currentScript.src).searchParams.get('onload');
  if (onload && typeof window[onload] === 'function') window[onload]();
})();`;

/**
 * How the stub webhook answers: a status, a failed connection, no answer until `release()`
 * ('hold'), or a 302 ('redirect') to an address that answers 200, the way a lead lost to a
 * followed redirect looks like a success.
 */
export type WebhookMode = 200 | 500 | 'network-error' | 'hold' | 'redirect';

export interface Webhook {
  /** Request bodies the webhook received, as parsed JSON (the raw text when not JSON). */
  bodies: unknown[];
  /** Raw requests, for header, method and URL assertions. */
  requests: { method: string; url: string; headers: Record<string, string>; body: string }[];
  /** How the next requests are answered. */
  respondWith(mode: WebhookMode): void;
  /** Lets held requests finish with a 200. */
  release(): void;
}

export interface SiteFixtures {
  /**
   * Content-Security-Policy violations the page reported (`directive blocked-uri`). Every test
   * gets it and fails on any violation left in it at the end: the e2e server applies dist/_headers.
   */
  cspViolations: string[];
  webhook: Webhook;
  consoleErrors: string[];
  /** console.warn texts, for code paths that must warn rather than fail. */
  consoleWarnings: string[];
  captcha: {
    solve(token?: string): Promise<void>;
    expire(): Promise<void>;
    error(): Promise<void>;
    resets(): Promise<number>;
  };
}

export const test = base.extend<SiteFixtures>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      await page.exposeFunction('__reportCspViolation', (text: string) => void violations.push(text));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation(
            `${event.violatedDirective} ${event.blockedURI}`,
          );
        });
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
  consoleWarnings: async ({ page }, use) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await use(warnings);
  },
  webhook: async ({ context, baseURL }, use) => {
    let mode: WebhookMode = 200;
    const held: Route[] = [];
    const webhook: Webhook = {
      bodies: [],
      requests: [],
      respondWith: (next) => (mode = next),
      release: () => {
        for (const route of held.splice(0)) void route.fulfill({ status: 200, body: 'ok' });
      },
    };
    // A redirect leads to a file the test server answers with 200, so a browser that follows it
    // gets a success (request routing does not see a hop after a fulfilled redirect); that
    // request is recorded with the webhook's own.
    const redirected = `${baseURL}/robots.txt?from-webhook`;
    context.on('request', (request) => {
      if (request.url() === redirected)
        webhook.requests.push({
          method: request.method(),
          url: request.url(),
          headers: request.headers(),
          body: request.postData() ?? '',
        });
    });
    await context.route(webhookUrl, async (route) => {
      const request = route.request();
      const body = request.postData() ?? '';
      webhook.requests.push({ method: request.method(), url: request.url(), headers: request.headers(), body });
      if (body) webhook.bodies.push(parseBody(body));
      if (mode === 'network-error') await route.abort('failed');
      else if (mode === 'hold') held.push(route);
      else if (mode === 'redirect')
        await route.fulfill({
          status: 302,
          headers: { 'access-control-allow-origin': '*', location: redirected },
          body: '',
        });
      else await route.fulfill({ status: mode, body: mode === 200 ? 'ok' : 'server error' });
    });
    await use(webhook);
  },
  captcha: async ({ page }, use) => {
    const call = (name: 'callback' | 'expired-callback' | 'error-callback', token?: string) =>
      page
        .waitForFunction(() => (window as unknown as { __captcha?: { widgets: unknown[] } }).__captcha?.widgets.length)
        .then(() =>
          page.evaluate(
            ([n, t]) => {
              const state = (
                window as unknown as { __captcha: { widgets: Record<string, (value?: string) => void>[] } }
              ).__captcha;
              for (const widget of state.widgets) widget[n!]!(t);
            },
            [name, token] as const,
          ),
        );
    await use({
      solve: (token = 'test-token') => call('callback', token),
      expire: () => call('expired-callback'),
      error: () => call('error-callback'),
      resets: () => page.evaluate(() => (window as unknown as { __captcha: { resets: number } }).__captcha.resets),
    });
  },
  context: async ({ context }, use) => {
    // Nothing leaves the machine: the captcha is faked, video hosts and the chat persona answer
    // with an empty page, and any other outside request fails.
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, async (route) => {
      const url = route.request().url();
      if (url.startsWith('https://www.google.com/recaptcha/'))
        await route.fulfill({ contentType: 'text/javascript', body: fakeRecaptcha });
      else if (
        /^https:\/\/(www\.youtube-nocookie\.com|fast\.wistia\.net|chat\.checkpointqa\.com|calendly\.com)\//.test(url)
      )
        await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>stub</title><p>stub</p>' });
      else await route.abort('blockedbyclient');
    });
    await use(context);
  },
});

export { expect };

function parseBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * Serves the site with the forms' webhook timeout (`formTimeoutSeconds`, 15 s in content/)
 * set to `seconds`, by rewriting it in each page's island props and on the newsletter form,
 * so a test can wait for a timeout without waiting 15 s.
 */
export async function shortenFormTimeout(page: Page, seconds: number): Promise<void> {
  await page.route(
    (url) => url.hostname === '127.0.0.1',
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch({ maxRedirects: 0 });
      const html = (await response.text())
        .replace(/"timeoutSeconds":\d+/g, `"timeoutSeconds":${seconds}`)
        .replace(/data-timeout-seconds="\d+"/g, `data-timeout-seconds="${seconds}"`);
      await route.fulfill({ response, body: html });
    },
  );
}

/** Fails the test if the page logged any console error (`check` may be `expect.soft`). */
export function expectNoConsoleErrors(errors: string[], check: typeof expect = expect): void {
  check(errors, errors.join('\n')).toEqual([]);
}

/** Waits until every island on the page has hydrated and is interactive. */
export async function waitForIslands(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-island]')].every((island) => island.hasAttribute('data-hydrated')),
  );
}

/**
 * Hydrates every island, including those that load only when visible: each is scrolled into
 * view in turn and awaited, then the page goes back to the top.
 */
export async function hydrateAllIslands(page: Page): Promise<void> {
  for (const island of await page.locator('[data-island]').all()) {
    await island.scrollIntoViewIfNeeded();
    await expect(island).toHaveAttribute('data-hydrated', '');
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

/** The named island, scrolled into view and hydrated. */
export async function hydratedIsland(page: Page, name: string): Promise<Locator> {
  const island = page.locator(`[data-island="${name}"]`);
  await island.scrollIntoViewIfNeeded();
  await expect(island).toHaveAttribute('data-hydrated', '');
  return island;
}
