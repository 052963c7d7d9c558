// Redirect stubs: HTML pages whose `<meta http-equiv="refresh">` sends the visitor on at once.
// A static host serves them as pages; the browser then follows the refresh like a redirect.

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

const metaRefresh = /<meta\s[^>]*http-equiv\s*=\s*["']?refresh["']?[^>]*>/i;
const contentAttribute = /\scontent\s*=\s*(?:"([^"]*)"|'([^']*)')/i;

/** The refresh target of a redirect stub page, or `undefined` for any other page. */
export function refreshTargetOf(html: string): string | undefined {
  const tag = metaRefresh.exec(html)?.[0];
  const content = tag && contentAttribute.exec(tag);
  if (!content) return undefined;
  return parseRefresh(decodeAttribute(content[1] ?? content[2] ?? ''))?.url;
}

/** Undoes the entity escaping a renderer applies to attribute values. */
function decodeAttribute(value: string): string {
  return value.replace(/&(amp|quot|#39|#x27|lt|gt);/g, (_, name: string) => ({ amp: '&', quot: '"', '#39': "'", '#x27': "'", lt: '<', gt: '>' })[name]!);
}
