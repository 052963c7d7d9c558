import { cardSize } from '../../templates/share-card/ShareCard.tsx';

// The sizes the build publishes share pictures at.

/** Every page's share picture, a post's own included: what social sites ask for (1.91:1). */
export const sharePictureSize = cardSize;

/** The square logo search engines show beside the organisation's results. */
export const logoSize = 512;
