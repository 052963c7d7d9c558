// The case studies page's addresses; part of the URL module (urls.ts), in a file of its own so
// the gallery island bundles only these few bytes instead of sharing a chunk with other islands.

/** The case studies page, with its video gallery. */
export const caseStudiesPath = '/case-studies';

/** The query parameter of the case studies page that opens a video on load. */
export const playVideoParameter = 'playVideo';

/** The case studies page opening a video: `/case-studies?playVideo={encoded url}`. */
export function caseStudyVideoPath(videoUrl: string): string {
  return `${caseStudiesPath}?${playVideoParameter}=${encodeURIComponent(videoUrl)}`;
}
