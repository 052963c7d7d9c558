import { preload } from 'react-dom';
import { renderToStaticMarkup } from 'react-dom/server';
import { fillSlots, type RenderedMarkdown } from 'sitegen/site';
import { toEmbedUrl } from '../../client/video-url.ts';
import Img from './Img.tsx';
import Island from './Island.tsx';
import { imageSizes } from './image-sizes.ts';
import { PageContext, usePage, type PageContextValue } from './page-context.ts';

/** React writes the preloads of a fragment's eager images at its start. */
const leadingImagePreloads = /^(?:<link rel="preload" as="image" href="[^"]*"\/>)+/;

/**
 * A rendered Markdown body (already sanitised when it is rendered: HTML written in it keeps only
 * what the sanitizer allows). Each image from content/images has a slot in its HTML, filled here
 * by the markup of Img, the component every image of the site goes through, in the page's own
 * context: so it counts in the page's choice of its first large image, in document order. Each
 * embedded video (an iframe the site accepts, as sitegen.config.ts says under markdown) has a slot
 * too, filled by the same click-to-load player as the home page's video. The slots are offsets
 * the build recorded from the body's tree (body-slots.ts): no text of the body is taken for one.
 */
export default function Prose({ body, className }: { body: RenderedMarkdown; className?: string }) {
  const page = usePage();
  const html = fillSlots(body, (slot) =>
    slot.kind === 'image' ? imageMarkup(body, slot.index, page) : videoMarkup(body, slot.index, page),
  );
  return <div className={`prose${className ? ` ${className}` : ''}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The markup of image `index` of the body; no hook may run after it (it renders with React in the middle of a render). */
function imageMarkup(body: RenderedMarkdown, index: number, page: PageContextValue): string {
  const image = body.images?.[index];
  if (!image) return '';
  const markup = renderToStaticMarkup(
    <PageContext.Provider value={page}>
      <Img src={image.src} alt={image.alt} decorative={image.alt === ''} title={image.title} sizes={imageSizes.prose} />
    </PageContext.Provider>,
  );
  const preloads = leadingImagePreloads.exec(markup)?.[0] ?? '';
  for (const [, href] of preloads.matchAll(/href="([^"]*)"/g)) preload(href!.replaceAll('&amp;', '&'), { as: 'image' });
  return markup.slice(preloads.length);
}

/** A video player's facade (an island) for embed `index` of the body; nothing for one the build refused. */
function videoMarkup(body: RenderedMarkdown, index: number, page: PageContextValue): string {
  const text = page.model.data.ui.embeddedVideo;
  const embed = body.embeds?.[index];
  const src = embed && toEmbedUrl(embed.src);
  if (!embed || !src) return '';
  const title = embed.title ?? text.title;
  return renderToStaticMarkup(
    <PageContext.Provider value={page}>
      <Island name="VideoFacade" props={{ src, title, playLabel: text.playLabel.replaceAll('{title}', title) }} />
    </PageContext.Provider>,
  );
}
