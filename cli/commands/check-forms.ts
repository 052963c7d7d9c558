import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { checkHost, systemResolver, type HostResolver } from '../shared/address-policy.ts';
import { abortable, requestPinned } from '../check/pinned-request.ts';
import type { FormEndpoint } from '../config/site-definition.ts';
import { green, red } from '../output.ts';
import { configFlag, configPath } from './command-options.ts';

interface CheckFormsFlags {
  content: string;
  config: string;
  siteUrl?: string;
  timeout: number;
  allowLocal?: boolean;
}

/** How a submission is sent. */
export interface FormCheckOptions {
  timeoutMs: number;
  /** Send to loopback, link-local and private addresses too (a local webhook catcher, a test's stub). */
  allowLocal?: boolean;
  /** Resolves the endpoint's host name; the system's resolver by default. */
  lookup?: HostResolver;
}

/**
 * Bytes of an answer read at most: whether a page sees its lead succeed rests on the status and
 * headers alone, and the answer is the webhook's to make, endless if it likes.
 */
export const answerReadLimit = 4096;

/** What one test submission found. */
export interface FormCheck {
  name: string;
  url: string;
  /** The HTTP status, or undefined when no answer came. */
  status?: number;
  ms: number;
  /**
   * Whether a browser on the site's pages could read the answer (CORS); a browser that cannot
   * treats the lead as lost.
   */
  readable: boolean;
  ok: boolean;
  problem?: string;
  /**
   * What an endpoint that answers a test submission with `{ hops: [{ hop, ok, detail }] }` says of
   * each hop behind it.
   */
  hops?: { hop: string; ok: boolean; detail: string }[];
}

/**
 * `check-forms`: sends each form's marked test submission to its endpoint as a page of the site
 * would (a text body, the site's origin, no redirect followed) and reports whether the answer
 * reaches the page: its status, whether it carries the CORS header a browser needs, and its time.
 * The endpoint comes from the site's data or the environment, so like `check-links --external`
 * it sends nothing to a loopback, link-local or private address (a cloud's metadata service, a
 * service on the runner) unless `--allow-local` says so, and reads only the first few KB of an answer.
 */
export function createCheckFormsCommand(): Command {
  return new Command('check-forms')
    .description(
      "send a marked test submission to each form's endpoint, as the site's pages do, and report whether they would see it succeed",
    )
    .option('--content <dir>', 'content folder', 'content')
    .option(...configFlag)
    .option('--site-url <url>', 'the origin the pages are served from (default: the site config)')
    .option(
      '--timeout <ms>',
      'how long to wait for each answer',
      (value) => {
        const n = Number(value);
        if (!Number.isInteger(n) || n <= 0)
          throw new InvalidArgumentError('--timeout must be a positive whole number.');
        return n;
      },
      15_000,
    )
    .option(
      '--allow-local',
      'send to loopback, link-local and private addresses too, such as a webhook catcher on this machine (refused by default)',
    )
    .action(async (flags: CheckFormsFlags) => {
      const root = process.cwd();
      const [{ loadSite }, { loadContent }, { validateContent }] = await Promise.all([
        import('../config/load-site.ts'),
        import('../load/load-content.ts'),
        import('../validate/validate-content.ts'),
      ]);
      const { definition } = await loadSite(root, configPath(root, flags.config));
      const contentDir = path.resolve(root, flags.content);
      const env = Object.fromEntries((definition.env ?? []).map((name) => [name, process.env[name]]));
      const model = definition.model(
        validateContent(await loadContent(contentDir, definition.content), definition.content),
        { env, siteUrl: flags.siteUrl },
      );
      const origin = definition.settings(model).siteUrl;
      const endpoints = definition.forms?.(model) ?? [];
      if (endpoints.length === 0) {
        console.log('The site names no form endpoints.');
        return;
      }
      const checks = await Promise.all(
        endpoints.map((endpoint) =>
          checkForm(endpoint, origin, { timeoutMs: flags.timeout, allowLocal: flags.allowLocal ?? false }),
        ),
      );
      for (const check of checks) console.log(formatCheck(check));
      process.exitCode = checks.every((check) => check.ok) ? 0 : 1;
    });
}

/**
 * Sends one test submission and judges the answer as the site's pages would. The endpoint's
 * host is resolved and checked first, and the request goes to the address checked (a second
 * lookup cannot switch it); of the answer, at most `answerReadLimit` bytes are read.
 */
export async function checkForm(endpoint: FormEndpoint, origin: string, options: FormCheckOptions): Promise<FormCheck> {
  const { timeoutMs } = options;
  const started = performance.now();
  const result = (fields: Omit<FormCheck, 'name' | 'url' | 'ms'>): FormCheck => ({
    name: endpoint.name,
    url: endpoint.url,
    ms: Math.round(performance.now() - started),
    ...fields,
  });
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const url = new URL(endpoint.url);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      return result({ readable: false, ok: false, problem: `is not an http(s) URL, so nothing was sent` });
    const verdict = await abortable(
      checkHost(url, options.allowLocal ?? false, options.lookup ?? systemResolver, '--allow-local'),
      signal,
    );
    if (!verdict.ok) return result({ readable: false, ok: false, problem: `was not sent anything: ${verdict.reason}` });
    const body = JSON.stringify(endpoint.body);
    const response = await requestPinned(url, 'POST', verdict.target, signal, {
      // What a page's fetch of a string body sends: a simple request, with no preflight.
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'content-length': Buffer.byteLength(body), origin },
      body,
      readBytes: answerReadLimit,
    });
    const hops = hopsOf(response.body.toString('utf8'));
    const allowed = response.headers['access-control-allow-origin'];
    const readable = allowed === '*' || allowed === origin;
    const success = response.status >= 200 && response.status < 300;
    const problem = !success
      ? response.status >= 300 && response.status < 400
        ? `answered ${response.status} (a redirect): the pages do not follow one, and count the lead as failed`
        : `answered ${response.status}: the pages show the failure message`
      : !readable
        ? `took the lead, but without an Access-Control-Allow-Origin header for ${origin}: a browser cannot read the answer, so visitors see "failed" and send it again; make the automation answer with that header`
        : undefined;
    const hopFailed = hops?.some((hop) => !hop.ok) ?? false;
    return result({
      status: response.status,
      readable,
      ok: problem === undefined && !hopFailed,
      ...(problem ? { problem } : {}),
      ...(hops ? { hops } : {}),
    });
  } catch (error) {
    const timedOut = signal.aborted;
    return result({
      readable: false,
      ok: false,
      problem: timedOut ? `no answer within ${timeoutMs} ms` : `could not be reached: ${(error as Error).message}`,
    });
  }
}

function formatCheck(check: FormCheck): string {
  const head = `${check.ok ? green('ok') : red('failed')}  ${check.name}  ${check.url}`;
  const facts = `  status ${check.status ?? 'none'}, ${check.readable ? 'readable by the pages (CORS)' : 'not readable by the pages'}, ${check.ms} ms`;
  const hops = (check.hops ?? []).map((hop) => `  ${hop.ok ? green('ok') : red('failed')}  ${hop.hop}: ${hop.detail}`);
  return [head, facts, ...hops, ...(check.problem ? [`  ${check.problem}`] : [])].join('\n');
}

/** The hops an answer reports (a site's own endpoint does for a test submission), or undefined. */
function hopsOf(text: string): FormCheck['hops'] {
  try {
    const hops = (JSON.parse(text) as { hops?: unknown }).hops;
    if (!Array.isArray(hops)) return undefined;
    return hops
      .filter(
        (hop): hop is { hop: string; ok: boolean; detail: string } =>
          typeof hop?.hop === 'string' && typeof hop.ok === 'boolean' && typeof hop.detail === 'string',
      )
      .slice(0, 20);
  } catch {
    return undefined;
  }
}
