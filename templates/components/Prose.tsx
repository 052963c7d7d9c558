import { preload } from 'react-dom';
import { renderToStaticMarkup } from 'react-dom/server';
import { embedMarkerPattern } from '../../cli/render/markdown/markdown-embeds.ts';
import { imageMarkerPattern } from '../../cli/render/markdown/markdown-images.ts';
import type { RenderedMarkdown } from '../../cli/render/markdown/render-markdown.ts';
import { toEmbedUrl } from '../../client/video-url.ts';
import Img from './Img.tsx';
import Island from './Island.tsx';
import { imageSizes } from './image-sizes.ts';
import { PageContext, usePage, type PageContextValue } from './page-context.ts';

/** React writes the preloads of a fragment's eager images at its start. */
const leadingImagePreloads = /^(?:<link rel="preload" as="image" href="[^"]*"\/>)+/;

/**
 * A rendered Markdown body (already sanitised when it is rendered: HTML written in it keeps only
 * what the sanitizer allows). Each image from content/images stands in its HTML as a marker,
 * replaced here by the markup of Img, the component every image of the site goes through, in the
 * page's own context: so it counts in the page's choice of its first large image, in document
 * order. Each embedded video (an iframe the site accepts, as sitegen.config.ts says under markdown)
 * stands as a marker too, replaced by the same click-to-load player as the home page's video.
 */
export default function Prose({ body, className }: { body: RenderedMarkdown; className?: string }) {
  const page = usePage();
  const withPictures = body.images ? withImages(body, page) : body.html;
  const html = body.embeds ? withVideos(withPictures, body, page) : withPictures;
  return <div className={`prose${className ? ` ${className}` : ''}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The body's HTML with each image marker replaced by its markup; no hook may run after it (it renders with React in the middle of a render). */
function withImages(body: RenderedMarkdown, page: PageContextValue): string {
  return body.html.replace(imageMarkerPattern, (marker, index: string) => {
    const image = body.images![Number(index)];
    if (!image) return marker;
    const markup = renderToStaticMarkup(
      <PageContext.Provider value={page}>
        <Img src={image.src} alt={image.alt} decorative={image.alt === ''} title={image.title} sizes={imageSizes.prose} />
      </PageContext.Provider>,
    );
    const preloads = leadingImagePreloads.exec(markup)?.[0] ?? '';
    for (const [, href] of preloads.matchAll(/href="([^"]*)"/g)) preload(href!.replaceAll('&amp;', '&'), { as: 'image' });
    return markup.slice(preloads.length);
  });
}

/** The body's HTML with each embed marker replaced by a video player's facade (an island); a marker for anything else is dropped (the build refused it already). */
function withVideos(html: string, body: RenderedMarkdown, page: PageContextValue): string {
  const text = page.model.data.ui.embeddedVideo;
  return html.replace(embedMarkerPattern, (_marker, index: string) => {
    const embed = body.embeds![Number(index)];
    const src = embed && toEmbedUrl(embed.src);
    if (!embed || !src) return '';
    const title = embed.title ?? text.title;
    return renderToStaticMarkup(
      <PageContext.Provider value={page}>
        <Island name="VideoFacade" props={{ src, title, playLabel: text.playLabel.replaceAll('{title}', title) }} />
      </PageContext.Provider>,
    );
  });
}
