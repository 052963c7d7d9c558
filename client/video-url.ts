const youtubeHosts = new Set(['www.youtube.com', 'youtube.com', 'm.youtube.com', 'www.youtube-nocookie.com', 'youtube-nocookie.com']);

/** YouTube's privacy-enhanced player: it sets no cookies until the visitor plays the video. */
const youtubePlayer = 'https://www.youtube-nocookie.com';
/** Wistia's iframe player. */
const wistiaPlayer = 'https://fast.wistia.net';

/**
 * Every origin `toEmbedUrl` can return, as Content-Security-Policy `frame-src` sources: the
 * site's policy lets the video players frame these and nothing else.
 */
export const videoFrameSources: readonly string[] = [youtubePlayer, wistiaPlayer];

const videoId = /^[\w-]{6,64}$/;

/** The player address for `path`, keeping the link's own options (`start=30`) and playing at once. */
function player(origin: string, path: string, options: URLSearchParams, privacy: Record<string, string> = {}): string {
  const url = new URL(path, origin);
  for (const [name, value] of options) if (name !== 'v') url.searchParams.append(name, value);
  url.searchParams.set('autoplay', '1');
  for (const [name, value] of Object.entries(privacy)) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * Turns a video link into the address of a player that plays it at once, or null when it is
 * not a video this site plays. It comes from a query parameter anyone can craft, so only https
 * URLs on the known video hosts ever reach an iframe, and always through the provider's
 * privacy-enhanced player:
 * - YouTube embed URLs (`/embed/ID`), watch URLs (`/watch?v=ID`) and short links
 *   (`youtu.be/ID`) become `www.youtube-nocookie.com/embed/ID` with `autoplay=1`;
 * - Wistia player URLs (`/embed/iframe/ID`) become `fast.wistia.net/embed/iframe/ID` with
 *   `autoplay=1` and `doNotTrack=true` (no viewing-session tracking).
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
    if (segments[0] === 'embed' && segments.length === 2 && videoId.test(segments[1]!)) {
      return player(youtubePlayer, `/embed/${segments[1]}`, url.searchParams);
    }
    const watched = url.searchParams.get('v');
    if (segments[0] === 'watch' && segments.length === 1 && watched && videoId.test(watched)) {
      return player(youtubePlayer, `/embed/${watched}`, new URLSearchParams());
    }
    return null;
  }
  if (url.hostname === 'youtu.be' && segments.length === 1 && videoId.test(segments[0]!)) {
    return player(youtubePlayer, `/embed/${segments[0]}`, new URLSearchParams());
  }
  const wistia = url.hostname === 'fast.wistia.net' || url.hostname.endsWith('.wistia.com');
  if (wistia && segments[0] === 'embed' && segments[1] === 'iframe' && segments.length === 3 && videoId.test(segments[2]!)) {
    return player(wistiaPlayer, `/embed/iframe/${segments[2]}`, url.searchParams, { doNotTrack: 'true' });
  }
  return null;
}
