import type { MouseEvent } from 'react';

/** A tag or category with the address of its page. */
export interface TermLink {
  name: string;
  href: string;
}

export interface TermLinksProps {
  /** Which list: categories are a column on wide screens, tags wrap. */
  kind: 'categories' | 'tags';
  heading: string;
  /** The first entry, leading back to the whole list ('All Tags'). */
  all: TermLink;
  terms: TermLink[];
  /** The page listing every term, when `terms` are only the most used: the last entry, a plain link. */
  more?: TermLink;
  /** The term shown now: null for the whole list ('All Tags'), undefined when the page shows another taxonomy's term. */
  current?: string | null;
  /**
   * With JavaScript on the blog's list, a plain click filters in place instead of opening the
   * term's page (a click with a modifier key still opens it, in a new tab or window).
   */
  onSelect?: (name: string | null) => void;
}

/** Whether a click asks the browser for something besides following the link here. */
function opensElsewhere(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * A sidebar list of the blog's tags or categories, each a link to its page, so they work without
 * JavaScript, and on a blog with more than it shows, a link to the page listing them all; the current one is marked for assistive technology and styled as chosen. No hooks:
 * templates and islands render it alike.
 */
export default function TermLinks({ kind, heading, all, terms, more, current, onSelect }: TermLinksProps) {
  const link = (term: TermLink, name: string | null) => (
    <a
      href={term.href}
      aria-current={current === name ? 'true' : undefined}
      onClick={
        onSelect
          ? (event) => {
              if (opensElsewhere(event)) return;
              event.preventDefault();
              onSelect(name);
            }
          : undefined
      }
    >
      {term.name}
    </a>
  );
  return (
    <nav className={`sidebar-block sidebar-${kind}`} aria-label={heading}>
      <h2 className="sidebar-heading">{heading}</h2>
      <ul className="filter-list">
        <li>{link(all, null)}</li>
        {terms.map((term) => (
          <li key={term.name}>{link(term, term.name)}</li>
        ))}
        {more ? (
          <li className="filter-more">
            <a href={more.href}>{more.name}</a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
