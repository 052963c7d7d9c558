// The video addresses the SPEC accepts (section 5), written out by hand for one of the site's
// videos, and the player each must play from: shared by the unit tests of the URL rules and the
// browser tests of the `playVideo` address parameter.

/** Every form the SPEC accepts for a video link, written for one of the site's videos. */
export function urlForms(videoUrl: string): [form: string, url: string][] {
  const youtube = /^https:\/\/www\.youtube\.com\/embed\/([\w-]+)$/.exec(videoUrl);
  if (youtube) {
    const id = youtube[1]!;
    return [
      ['an embed URL', `https://www.youtube.com/embed/${id}`],
      ['an embed URL with a query', `https://www.youtube.com/embed/${id}?rel=0`],
      ['a watch URL', `https://www.youtube.com/watch?v=${id}`],
      ['a short link', `https://youtu.be/${id}`],
    ];
  }
  const wistiaId = /^https:\/\/fast\.wistia\.net\/embed\/iframe\/([\w-]+)$/.exec(videoUrl)![1]!;
  return [
    ['an iframe URL', `https://fast.wistia.net/embed/iframe/${wistiaId}`],
    ['an iframe URL with a query', `https://fast.wistia.net/embed/iframe/${wistiaId}?videoFoam=true`],
    ['an iframe URL on fast.wistia.com', `https://fast.wistia.com/embed/iframe/${wistiaId}`],
    ['a protocol-relative iframe URL', `//fast.wistia.net/embed/iframe/${wistiaId}`],
    ['a media page', `https://acme.wistia.com/medias/${wistiaId}`],
  ];
}

/** The privacy-enhanced player address a content video URL plays from. */
export function playerOf(videoUrl: string): string {
  const youtube = /^https:\/\/www\.youtube\.com\/embed\/([\w-]+)$/.exec(videoUrl);
  if (youtube) return `https://www.youtube-nocookie.com/embed/${youtube[1]}?autoplay=1`;
  const wistiaId = /^https:\/\/fast\.wistia\.net\/embed\/iframe\/([\w-]+)$/.exec(videoUrl);
  if (wistiaId) return `https://fast.wistia.net/embed/iframe/${wistiaId[1]}?autoplay=1&doNotTrack=true`;
  throw new Error(`no expected player for ${videoUrl}`);
}
