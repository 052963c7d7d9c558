// How a build shares the machine's cores: every pool of a build takes its size from here, so
// that the cores are divided in one place. A cold build first renders Markdown on its workers
// (the main thread renders each page as its bodies arrive); once every body is checked, images
// are encoded and share cards drawn on sharp's threads while the last pages render, and
// Pagefind indexes the pages in its own process as they are written. The pools run mostly one
// after the other, so each is sized to the whole machine rather than to a share of it.
import { availableParallelism } from 'node:os';

/** Most lanes any pool opens, however many cores: past it, each lane's memory costs more than it saves. */
const mostLanes = 4;

/** Lanes per core, at least one and at most `mostLanes`. */
function lanes(): number {
  return Math.max(1, Math.min(availableParallelism(), mostLanes));
}

/** The size of each pool of a build. */
export const concurrency = {
  /** Markdown worker threads (each loads its own highlighter): one per core. */
  markdownWorkers: lanes,
  /** Images encoded at once, each on one of sharp's threads: one per core. */
  images: lanes,
  /** Share pictures in progress at once: satori lays one out on the main thread while sharp rasterises the others. */
  cards: lanes,
  /**
   * Pages of one part of the search index handed to Pagefind ahead of its indexing: enough to
   * keep it busy, few enough that pages waiting for it are held once, not again as messages.
   */
  searchPagesInFlight: () => 8,
};
