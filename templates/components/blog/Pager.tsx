/** One entry of a pager: a page link (the current page is not a link), or a gap for pages left out. */
export type PagerLink = { page: number; href: string; label: string; current: boolean } | { gap: true };

/** A numbered pager as props: every address resolved, so templates and islands render it alike. */
export interface PagerProps {
  /** The accessible name of its navigation. */
  label: string;
  previous?: { href: string; label: string };
  next?: { href: string; label: string };
  entries: PagerLink[];
}

/**
 * The pages of a list: previous, the numbers (the first, the last and those around the current
 * page) and next, as plain links with `rel="prev"`/`"next"`, so it works without JavaScript.
 * No hooks: templates and islands render it alike.
 */
export default function Pager({ pager }: { pager: PagerProps }) {
  return (
    <nav className="pager" aria-label={pager.label}>
      {/* The arrow and the word are flex items: the link's gap spaces them (white space at an item's edge would collapse). */}
      {pager.previous ? (
        <a className="pager-step" href={pager.previous.href} rel="prev">
          <span aria-hidden="true">←</span>
          {pager.previous.label}
        </a>
      ) : null}
      <ol className="pager-pages">
        {pager.entries.map((entry, index) =>
          'gap' in entry ? (
            <li key={`gap-${index}`} className="pager-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={entry.page}>
              {entry.current ? (
                <a aria-current="page" aria-label={entry.label} href={entry.href}>
                  {entry.page}
                </a>
              ) : (
                <a aria-label={entry.label} href={entry.href}>
                  {entry.page}
                </a>
              )}
            </li>
          ),
        )}
      </ol>
      {pager.next ? (
        <a className="pager-step" href={pager.next.href} rel="next">
          {pager.next.label}
          <span aria-hidden="true">→</span>
        </a>
      ) : null}
    </nav>
  );
}

/** The head's links to a page's neighbours in its list, for browsers and crawlers that follow them. */
export function PagerHead({ pager }: { pager: PagerProps | null }) {
  return (
    <>
      {pager?.previous ? <link rel="prev" href={pager.previous.href} /> : null}
      {pager?.next ? <link rel="next" href={pager.next.href} /> : null}
    </>
  );
}
