// The site's Content-Security-Policy: the site's own files, the inline scripts its pages run
// (by hash), and exactly the outside origins it uses.
import { videoFrameSources } from '../../client/video-url.ts';
import { scriptHashSource } from '../render/inline-scripts.ts';

/** Where Google documents reCAPTCHA's script and frames (classic and Enterprise share them). */
const recaptchaScripts = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const recaptchaFrames = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

export interface PolicyInputs {
  /** The form webhook's URL: forms post to it with fetch, and the footer form without JavaScript. */
  webhookUrl: string;
  /** Every inline script text the pages run. */
  inlineScripts: Iterable<string>;
}

/**
 * The policy, one directive per entry, in a stable order:
 * - scripts: the site's own, its inline scripts by hash, reCAPTCHA's;
 * - styles: the site's own stylesheet, plus inline styles (React writes `style` attributes,
 *   and reCAPTCHA's script styles its widget);
 * - frames: reCAPTCHA and the video hosts; the page itself may be framed by no one;
 * - connections and form posts: the site and the webhook's origin.
 */
export function contentSecurityPolicy({ webhookUrl, inlineScripts }: PolicyInputs): string {
  const webhook = originOf(webhookUrl);
  const hashes = [...new Set([...inlineScripts].map(scriptHashSource))].sort();
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...hashes, ...recaptchaScripts],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...webhook],
    ['frame-src', ...recaptchaFrames, ...videoFrameSources],
    ['form-action', "'self'", ...webhook],
    ['frame-ancestors', "'none'"],
    ['base-uri', "'self'"],
    ['object-src', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** The origin of a service URL as a CSP source; none for a relative URL (the dev server's own webhook). */
function originOf(url: string): string[] {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? [] : [origin];
  } catch {
    return [];
  }
}
