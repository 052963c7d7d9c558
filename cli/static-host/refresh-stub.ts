// Redirect stubs: HTML pages whose `<meta http-equiv="refresh">` sends the visitor on at once.
// A static host serves them as pages; the browser then follows the refresh like a redirect.
import { Parser } from 'htmlparser2';

/** A refresh's target URL and where it starts in the `content` attribute. */
export interface RefreshTarget {
  url: string;
  index: number;
}

const refreshPattern = /^\s*\d*(?:\.\d*)?\s*(?:[;,]\s*)?(?:url\s*=\s*)?/i;

/** Extracts the target of a `<meta http-equiv="refresh" content="0; url=/x">`, if it has one. */
export function parseRefresh(content: string): RefreshTarget | undefined {
  const prefix = refreshPattern.exec(content);
  if (!prefix) return undefined;
  let index = prefix[0].length;
  let rest = content.slice(index).trimEnd();
  if (!rest) return undefined;
  const quote = rest[0];
  if (quote === '"' || quote === "'") {
    const end = rest.indexOf(quote, 1);
    rest = rest.slice(1, end === -1 ? undefined : end);
    index++;
  }
  return rest ? { url: rest, index } : undefined;
}

/**
 * The refresh target of a redirect stub page, or `undefined` for any other page: the first
 * `<meta http-equiv="refresh">` with a target, found by htmlparser2 (as the link checker finds
 * it), which reads each character once whatever the page holds.
 */
export function refreshTargetOf(html: string): string | undefined {
  let target: string | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (target !== undefined || name !== 'meta' || attributes['http-equiv']?.trim().toLowerCase() !== 'refresh')
          return;
        target = parseRefresh(attributes.content ?? '')?.url;
        if (target !== undefined) parser.pause();
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  if (target === undefined) parser.end();
  return target;
}
