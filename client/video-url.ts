const youtubeHosts = new Set([
  'www.youtube.com',
  'youtube.com',
  'm.youtube.com',
  'www.youtube-nocookie.com',
  'youtube-nocookie.com',
]);

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

/** A video: its host, its id there, and the player parameters of its link that the player is given. */
export interface VideoRef {
  host: 'youtube' | 'wistia';
  id: string;
  /** Harmless player parameters (see `playerParameters`), in the link's order, each value as the player takes it. */
  params: [name: string, value: string][];
}

/** A start time as the hosts write it: `90`, `90s`, `1m30s`, `1h2m3s`, as whole seconds; anything else is dropped. */
function seconds(value: string): string | undefined {
  const match = /^(?:(\d{1,2})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s?)?$/.exec(value);
  if (!match || value === '') return undefined;
  const [, hours = '0', minutes = '0', secs = '0'] = match;
  const total = Number(hours) * 3600 + Number(minutes) * 60 + Number(secs);
  return total > 0 && total < 86_400 ? String(total) : undefined;
}

/** A parameter's value as the player takes it, or undefined when it is not one it documents. */
type ValueRule = (value: string) => string | undefined;
const oneOf =
  (...values: string[]): ValueRule =>
  (value) =>
    values.includes(value) ? value : undefined;
const bit = oneOf('0', '1');
const flag = oneOf('true', 'false');

/**
 * The player parameters a link may carry to the player: those that change how the player looks
 * or behaves and nothing else, by the name the player reads. Every other parameter is dropped:
 * some load code or content from elsewhere into the player (Wistia's `plugin[…]`, `stillUrl`),
 * open it to scripts of the page that framed it (YouTube's `enablejsapi`, `origin`,
 * `widget_referrer`) or play something other than the video (`list`). `autoplay` is the site's
 * (always on: the visitor asked for the video), and so is Wistia's `doNotTrack` (always on).
 * An alias (`t`, `wtime`) is read as the start time it stands for.
 */
const playerParameters: Record<
  VideoRef['host'],
  { rules: Record<string, ValueRule>; aliases: Record<string, string> }
> = {
  // https://developers.google.com/youtube/player_parameters
  youtube: {
    rules: {
      start: seconds,
      end: seconds,
      rel: bit,
      cc_load_policy: bit,
      hl: (value) => (/^[a-z]{2,3}(?:-[a-z0-9]{2,8})?$/i.test(value) ? value : undefined),
      loop: bit,
      mute: bit,
      playsinline: bit,
      controls: bit,
    },
    aliases: { t: 'start' },
  },
  // https://docs.wistia.com/docs/embed-options-and-plugins (the options an iframe embed takes in its address)
  wistia: {
    rules: {
      time: seconds,
      endVideoBehavior: oneOf('default', 'reset', 'loop'),
      playbar: flag,
      playButton: flag,
      smallPlayButton: flag,
      volumeControl: flag,
      fullscreenButton: flag,
      settingsControl: flag,
      playbackRateControl: flag,
      qualityControl: flag,
      controlsVisibleOnLoad: flag,
      muted: flag,
      volume: (value) => (/^(?:0(?:\.\d{1,3})?|1(?:\.0{1,3})?)$/.test(value) ? value : undefined),
      playerColor: (value) => (/^[0-9a-f]{3}(?:[0-9a-f]{3})?$/i.test(value) ? value : undefined),
      videoFoam: flag,
      playsinline: flag,
      fitStrategy: oneOf('contain', 'cover', 'fill', 'none'),
      qualityMin: oneOf('224', '360', '540', '720', '1080', '3840'),
      qualityMax: oneOf('224', '360', '540', '720', '1080', '3840'),
      resumable: oneOf('true', 'false', 'auto'),
    },
    aliases: { wtime: 'time' },
  },
};

/** The parameters of `query` the host's player is given: allowed names with values it takes, the first of each, in order. */
function keptParameters(host: VideoRef['host'], query: URLSearchParams): VideoRef['params'] {
  const { rules, aliases } = playerParameters[host];
  const kept = new Map<string, string>();
  for (const [written, value] of query) {
    const name = Object.hasOwn(aliases, written) ? aliases[written]! : written;
    if (!Object.hasOwn(rules, name) || kept.has(name)) continue;
    const taken = rules[name]!(value);
    if (taken !== undefined) kept.set(name, taken);
  }
  return [...kept];
}

function isWistiaHost(hostname: string): boolean {
  return (
    hostname === 'wistia.net' ||
    hostname === 'wistia.com' ||
    hostname.endsWith('.wistia.net') ||
    hostname.endsWith('.wistia.com')
  );
}

/**
 * Reads a video link in any form the SPEC accepts (section 5), for any video on the two hosts,
 * or null when it is not one:
 * - YouTube embed URLs (`/embed/ID`), watch URLs (`/watch?v=ID`) and short links (`youtu.be/ID`);
 * - Wistia iframe URLs (`/embed/iframe/ID`) on its hosts, and its media pages (`/medias/ID`),
 *   also written protocol-relative (`//fast.wistia.net/…`) as Wistia's embed codes do.
 * Of the link's query, the harmless player parameters are kept (`playerParameters`).
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
  const found = (host: VideoRef['host'], id: string | undefined): VideoRef | null => {
    if (!id || !videoId.test(id)) return null;
    return { host, id, params: keptParameters(host, url.searchParams) };
  };
  if (youtubeHosts.has(url.hostname)) {
    if (segments[0] === 'embed' && segments.length === 2) return found('youtube', segments[1]);
    if (segments[0] === 'watch' && segments.length === 1)
      return found('youtube', url.searchParams.get('v') ?? undefined);
    return null;
  }
  if (url.hostname === 'youtu.be' && segments.length === 1) return found('youtube', segments[0]);
  if (isWistiaHost(url.hostname)) {
    if (segments[0] === 'embed' && segments[1] === 'iframe' && segments.length === 3)
      return found('wistia', segments[2]);
    if (segments[0] === 'medias' && segments.length === 2) return found('wistia', segments[1]);
  }
  return null;
}

/** The same video (host and id), whatever form each link was written in. */
export function sameVideo(a: VideoRef, b: VideoRef): boolean {
  return a.host === b.host && a.id === b.id;
}

/**
 * The address of a player that plays `video` at once, always on the provider's
 * privacy-enhanced player: `www.youtube-nocookie.com/embed/ID`, or
 * `fast.wistia.net/embed/iframe/ID` with `doNotTrack=true` (no viewing-session tracking). The
 * link's kept parameters come first, then `autoplay=1`, appended with `?` or `&` as the SPEC
 * says.
 */
export function playerUrl(video: VideoRef): string {
  const url =
    video.host === 'youtube'
      ? new URL(`/embed/${video.id}`, youtubePlayer)
      : new URL(`/embed/iframe/${video.id}`, wistiaPlayer);
  for (const [name, value] of video.params) url.searchParams.append(name, value);
  url.searchParams.set('autoplay', '1');
  if (video.host === 'wistia') url.searchParams.set('doNotTrack', 'true');
  return url.toString();
}

/** The player for a video link (see `parseVideoUrl` and `playerUrl`), or null when it is not one. */
export function toEmbedUrl(input: string): string | null {
  const video = parseVideoUrl(input);
  return video ? playerUrl(video) : null;
}
