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

/** A video as the site knows it: its host, its id there, and where to start (whole seconds). */
export interface VideoRef {
  host: 'youtube' | 'wistia';
  id: string;
  start?: number;
}

/** A start time as the hosts write it: `90`, `90s`, `1m30s`, `1h2m3s`; anything else is dropped. */
function startSeconds(value: string | null): number | undefined {
  if (!value) return undefined;
  const match = /^(?:(\d{1,2})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s?)?$/.exec(value);
  if (!match || value === '') return undefined;
  const [, hours = '0', minutes = '0', seconds = '0'] = match;
  const total = Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
  return total > 0 && total < 86_400 ? total : undefined;
}

function isWistiaHost(hostname: string): boolean {
  return hostname === 'wistia.net' || hostname === 'wistia.com' || hostname.endsWith('.wistia.net') || hostname.endsWith('.wistia.com');
}

/**
 * Reads a video link in any form the SPEC accepts, or null when it is not a video this site
 * plays:
 * - YouTube embed URLs (`/embed/ID`), watch URLs (`/watch?v=ID`) and short links (`youtu.be/ID`);
 * - Wistia iframe URLs (`/embed/iframe/ID`) on its hosts, and its media pages (`/medias/ID`),
 *   also written protocol-relative (`//fast.wistia.net/…`) as Wistia's embed codes do.
 * Of the link's query only a start time survives (`start`/`t` on YouTube, `time` on Wistia).
 */
export function parseVideoUrl(input: string): VideoRef | null {
  let url: URL;
  try {
    url = new URL(input.startsWith('//') ? `https:${input}` : input);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  const found = (host: VideoRef['host'], id: string | undefined, start: string | null): VideoRef | null => {
    if (!id || !videoId.test(id)) return null;
    const seconds = startSeconds(start);
    return seconds === undefined ? { host, id } : { host, id, start: seconds };
  };
  if (youtubeHosts.has(url.hostname)) {
    const start = url.searchParams.get('start') ?? url.searchParams.get('t');
    if (segments[0] === 'embed' && segments.length === 2) return found('youtube', segments[1], start);
    if (segments[0] === 'watch' && segments.length === 1) return found('youtube', url.searchParams.get('v') ?? undefined, start);
    return null;
  }
  if (url.hostname === 'youtu.be' && segments.length === 1) return found('youtube', segments[0], url.searchParams.get('t') ?? url.searchParams.get('start'));
  if (isWistiaHost(url.hostname)) {
    const time = url.searchParams.get('time') ?? url.searchParams.get('wtime');
    if (segments[0] === 'embed' && segments[1] === 'iframe' && segments.length === 3) return found('wistia', segments[2], time);
    if (segments[0] === 'medias' && segments.length === 2) return found('wistia', segments[1], time);
  }
  return null;
}

/** The same video (host and id), whatever form each link was written in. */
export function sameVideo(a: VideoRef, b: VideoRef): boolean {
  return a.host === b.host && a.id === b.id;
}

/**
 * The address of a player that plays `video` at once, always on the provider's
 * privacy-enhanced player: `www.youtube-nocookie.com/embed/ID` with `autoplay=1`, or
 * `fast.wistia.net/embed/iframe/ID` with `autoplay=1` and `doNotTrack=true` (no viewing-session
 * tracking). A start time is the only other parameter the player is given.
 */
export function playerUrl(video: VideoRef): string {
  if (video.host === 'youtube') {
    const url = new URL(`/embed/${video.id}`, youtubePlayer);
    if (video.start) url.searchParams.set('start', String(video.start));
    url.searchParams.set('autoplay', '1');
    return url.toString();
  }
  const url = new URL(`/embed/iframe/${video.id}`, wistiaPlayer);
  if (video.start) url.searchParams.set('time', String(video.start));
  url.searchParams.set('autoplay', '1');
  url.searchParams.set('doNotTrack', 'true');
  return url.toString();
}

/** The player for a video link (see `parseVideoUrl` and `playerUrl`), or null when it is not one the site plays. */
export function toEmbedUrl(input: string): string | null {
  const video = parseVideoUrl(input);
  return video ? playerUrl(video) : null;
}
