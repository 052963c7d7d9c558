const youtubeHosts = new Set(['www.youtube.com', 'youtube.com', 'm.youtube.com', 'www.youtube-nocookie.com', 'youtube-nocookie.com']);

/**
 * Every origin `toEmbedUrl` can return, as Content-Security-Policy `frame-src` sources: the
 * site's policy lets the video lightbox frame these and nothing else.
 */
export const videoFrameSources: readonly string[] = [
  'https://www.youtube.com', 'https://youtube.com', 'https://m.youtube.com', 'https://www.youtube-nocookie.com', 'https://youtube-nocookie.com',
  'https://fast.wistia.net', 'https://*.wistia.com',
];
const videoId = /^[\w-]{6,64}$/;

/** Adds `autoplay=1` with `?` or `&`, whichever the URL needs. */
function withAutoplay(url: URL): string {
  url.searchParams.set('autoplay', '1');
  return url.toString();
}

/**
 * Turns a video link into an embed URL that plays at once, or null when it is not a video
 * this site plays. It comes from a query parameter anyone can craft, so only https URLs on
 * the known video hosts ever reach an iframe:
 * - YouTube embed URLs (`/embed/ID`) get `autoplay=1`;
 * - YouTube watch URLs (`/watch?v=ID`) and short links (`youtu.be/ID`) become embed URLs;
 * - Wistia player URLs (`/embed/iframe/ID`) get `autoplay=1`.
 */
export function toEmbedUrl(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  if (youtubeHosts.has(url.hostname)) {
    if (segments[0] === 'embed' && segments.length === 2 && videoId.test(segments[1]!)) return withAutoplay(url);
    const watched = url.searchParams.get('v');
    if (segments[0] === 'watch' && segments.length === 1 && watched && videoId.test(watched)) {
      return `https://www.youtube.com/embed/${watched}?autoplay=1`;
    }
    return null;
  }
  if (url.hostname === 'youtu.be' && segments.length === 1 && videoId.test(segments[0]!)) {
    return `https://www.youtube.com/embed/${segments[0]}?autoplay=1`;
  }
  const wistia = url.hostname === 'fast.wistia.net' || url.hostname.endsWith('.wistia.com');
  if (wistia && segments[0] === 'embed' && segments[1] === 'iframe' && segments.length === 3 && videoId.test(segments[2]!)) {
    return withAutoplay(url);
  }
  return null;
}
