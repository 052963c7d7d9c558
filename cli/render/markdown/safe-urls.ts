/**
 * Schemes a link or image written in Markdown may use. Anything else (`javascript:`, `data:`,
 * `vbscript:`, `file:`, an app's own scheme...) could run script or reach outside the web page.
 */
const allowedSchemes = new Set(['http', 'https', 'mailto', 'tel']);

/** The scheme list for messages. */
export const allowedSchemeNames = 'http, https, mailto, tel';

/**
 * Whether a URL, as the HTML will carry it, is relative, a fragment, or uses an allowed scheme.
 * Decided as a browser reads the attribute (the WHATWG URL parser): leading and trailing control
 * characters and spaces are ignored and tabs and newlines removed anywhere, then the scheme is
 * a letter followed by letters, digits, `+`, `-` or `.` up to the first `:`, in any case.
 * Character references (`jav&#x61;script:`) are already decoded by the Markdown parser, and the
 * HTML serialiser escapes the value, so this is the URL the browser sees. (micromark's own
 * sanitizeUri treats any text before a colon as a scheme and so also drops relative URLs such
 * as `foo):`, which is why it is not used here.)
 */
export function isSafeUrl(url: string): boolean {
  const seen = url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(seen)?.[1];
  return scheme === undefined || allowedSchemes.has(scheme.toLowerCase());
}
