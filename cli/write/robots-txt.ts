/** Characters that could end or split a robots.txt line: whitespace and controls, Unicode's included. */
const breaksLine = /[\s\p{Cc}]/gu;

/**
 * robots.txt allowing everything and naming the sitemap. The site URL is validated upstream;
 * here any whitespace or control character in it is %-encoded all the same, so no value can
 * start a line of its own (a `Disallow: /` smuggled in through SITE_URL).
 */
export function renderRobots(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${encodeLineBreakers(siteUrl)}/sitemap.xml\n`;
}

function encodeLineBreakers(text: string): string {
  return text.replace(breaksLine, (char) =>
    [...Buffer.from(char, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
}
