// The video addresses the SPEC accepts (section 5), written out by hand for any video id, and
// the player each must play from: shared by the unit tests of the URL rules and the browser tests
// of the `playVideo` address parameter. The SPEC's words, clause by clause:
// - "an embed url on a video host with an embed path gets autoplay=1 appended (with ? or &)";
// - "a watch-style url with a v parameter, or a short-link url, is converted to embed form with
//   autoplay";
// - "a second video host with an iframe path is also supported";
// - "anything else or invalid is logged and no lightbox opens".
// The player is the provider's privacy-enhanced one; of a link's query only the harmless player
// parameters reach it (client/video-url.ts).

/** A form of a video link, and the player address it must open. */
export interface UrlForm {
  form: string;
  url: string;
  player: string;
}

/** The YouTube player for `id`, given the parameters kept before `autoplay=1`. */
export const youtubePlayer = (id: string, kept = ''): string =>
  `https://www.youtube-nocookie.com/embed/${id}?${kept ? `${kept}&` : ''}autoplay=1`;
/** The Wistia player for `id`, given the parameters kept before `autoplay=1&doNotTrack=true`. */
export const wistiaPlayer = (id: string, kept = ''): string =>
  `https://fast.wistia.net/embed/iframe/${id}?${kept ? `${kept}&` : ''}autoplay=1&doNotTrack=true`;

/** Every form the SPEC accepts, for a YouTube video id. */
export function youtubeForms(id: string): UrlForm[] {
  return [
    { form: 'an embed URL', url: `https://www.youtube.com/embed/${id}`, player: youtubePlayer(id) },
    {
      form: 'an embed URL with a query',
      url: `https://www.youtube.com/embed/${id}?rel=0`,
      player: youtubePlayer(id, 'rel=0'),
    },
    {
      form: 'an embed URL with a start time',
      url: `https://www.youtube.com/embed/${id}?start=10`,
      player: youtubePlayer(id, 'start=10'),
    },
    { form: 'a watch URL', url: `https://www.youtube.com/watch?v=${id}`, player: youtubePlayer(id) },
    {
      form: 'a watch URL with a time',
      url: `https://www.youtube.com/watch?v=${id}&t=1m30s`,
      player: youtubePlayer(id, 'start=90'),
    },
    { form: 'a short link', url: `https://youtu.be/${id}`, player: youtubePlayer(id) },
    { form: 'a short link with a time', url: `https://youtu.be/${id}?t=42`, player: youtubePlayer(id, 'start=42') },
  ];
}

/** Every form the SPEC accepts, for a Wistia video id. */
export function wistiaForms(id: string): UrlForm[] {
  return [
    { form: 'an iframe URL', url: `https://fast.wistia.net/embed/iframe/${id}`, player: wistiaPlayer(id) },
    {
      form: 'an iframe URL with a query',
      url: `https://fast.wistia.net/embed/iframe/${id}?videoFoam=true`,
      player: wistiaPlayer(id, 'videoFoam=true'),
    },
    {
      form: 'an iframe URL with a start time',
      url: `https://fast.wistia.net/embed/iframe/${id}?time=45`,
      player: wistiaPlayer(id, 'time=45'),
    },
    {
      form: 'an iframe URL on fast.wistia.com',
      url: `https://fast.wistia.com/embed/iframe/${id}`,
      player: wistiaPlayer(id),
    },
    { form: 'a protocol-relative iframe URL', url: `//fast.wistia.net/embed/iframe/${id}`, player: wistiaPlayer(id) },
    { form: 'a media page', url: `https://acme.wistia.com/medias/${id}`, player: wistiaPlayer(id) },
  ];
}

/** Every form the SPEC accepts for the video of one of the site's content URLs (an embed or iframe URL). */
export function urlForms(videoUrl: string): UrlForm[] {
  const youtube = /^https:\/\/www\.youtube\.com\/embed\/([\w-]+)$/.exec(videoUrl);
  if (youtube) return youtubeForms(youtube[1]!);
  const wistia = /^https:\/\/fast\.wistia\.net\/embed\/iframe\/([\w-]+)$/.exec(videoUrl);
  if (wistia) return wistiaForms(wistia[1]!);
  throw new Error(`not a content video URL: ${videoUrl}`);
}

/** The privacy-enhanced player address a content video URL plays from. */
export function playerOf(videoUrl: string): string {
  return urlForms(videoUrl)[0]!.player;
}

/**
 * Links whose query mixes harmless player parameters with others, and the player each opens:
 * the harmless ones kept in order, every other one dropped (a playlist, the JavaScript API, an
 * origin or referrer, a plugin script, a picture from elsewhere, a viewer's e-mail), `autoplay=1`
 * always last but for Wistia's `doNotTrack=true`.
 */
export function mixedParameterForms(youtubeId: string, wistiaId: string): UrlForm[] {
  return [
    {
      form: 'a YouTube watch URL with player parameters and a playlist, the JavaScript API and an origin',
      url: `https://www.youtube.com/watch?v=${youtubeId}&list=PL1&t=10&enablejsapi=1&origin=https://evil.example&rel=0&widget_referrer=https://evil.example&end=60&cc_load_policy=1&hl=fr&loop=1&mute=1&playsinline=1&controls=0&autoplay=0`,
      player: youtubePlayer(
        youtubeId,
        'start=10&rel=0&end=60&cc_load_policy=1&hl=fr&loop=1&mute=1&playsinline=1&controls=0',
      ),
    },
    {
      form: 'a YouTube embed URL with a bad start time and a plugin-like parameter',
      url: `https://www.youtube.com/embed/${youtubeId}?start=javascript:1&plugin=x&mute=1`,
      player: youtubePlayer(youtubeId, 'mute=1'),
    },
    {
      form: 'a Wistia iframe URL with player options, a plugin script, a picture from elsewhere and an e-mail',
      url: `https://fast.wistia.net/embed/iframe/${wistiaId}?plugin%5Bx%5D%5Bsrc%5D=https://evil.example/p.js&playerColor=ff0000&stillUrl=https://evil.example/s.jpg&time=30&email=a%40b.example&endVideoBehavior=loop&doNotTrack=false&muted=true`,
      player: wistiaPlayer(wistiaId, 'playerColor=ff0000&time=30&endVideoBehavior=loop&muted=true'),
    },
  ];
}
