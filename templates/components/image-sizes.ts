// How wide images are shown in each place of the layout, as `sizes` attributes: the browser
// picks a variant from these before any CSS has loaded. Measured in Chromium against
// templates/styles: the container is at most 72rem (1152 px) wide, with a gutter of 4vw
// (between 1rem and 2rem) on each side, so a full-width column is about 92vw on small screens.

/** `sizes` of each place a raster image can appear. */
export const imageSizes = {
  /** A post's own image: the article column (beside the 16rem sidebar from 1024 px). */
  article: '(min-width: 1216px) 848px, (min-width: 1024px) calc(100vw - 368px), 92vw',
  /** An image in a Markdown body: the article column, at most 70 characters of text wide. */
  prose: '(min-width: 1125px) 757px, (min-width: 1024px) calc(100vw - 368px), 92vw',
  /** A card of the home page's services grid: two columns from 640 px. */
  card: '(min-width: 1216px) 562px, (min-width: 640px) 46vw, 92vw',
  /** A post card of the blog list, as large as the lead featured one gets (the full column until it sits beside its text). */
  postCard: '(min-width: 1216px) 440px, (min-width: 960px) calc(100vw - 368px), 92vw',
  /** A case study's thumbnail: three columns from 1024 px, two from 720 px. */
  caseThumbnail: '(min-width: 1216px) 366px, (min-width: 1024px) 30vw, (min-width: 720px) 46vw, 92vw',
  /** A card of a three-column grid (CardGrid): related posts under a post. */
  cardGrid: '(min-width: 1216px) 368px, (min-width: 960px) 30vw, (min-width: 640px) 46vw, 92vw',
  /** A person's portrait in a card's byline (Avatar `sm`). */
  avatarSmall: '28px',
  /** A person's portrait beside a post's title or a quote (Avatar `md` and `lg`). */
  avatar: '56px',
  /** A person's portrait on their page and on /humans (Avatar `xl`). */
  avatarLarge: '120px',
  /** A company logo beside a quote. */
  logo: '133px',
  /** A video's poster in a narrow column (the home page's customer video). */
  video: '(min-width: 832px) 768px, 92vw',
} as const;
