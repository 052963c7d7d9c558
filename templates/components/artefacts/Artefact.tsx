import type { ReactNode } from 'react';
import { usePage } from '../page-context.ts';

/**
 * The frame every artefact shares: a window of an app, then a caption saying what it shows and
 * that its data is an example. What it says is the page's illustration, not its text: site
 * search leaves it out.
 */
export default function Artefact({ kind, caption, children }: { kind: string; caption: string; children: ReactNode }) {
  const { model } = usePage();
  return (
    <figure className={`artefact artefact-${kind}`} data-pagefind-ignore="">
      <div className="artefact-window">{children}</div>
      <figcaption className="artefact-caption">
        {caption}
        <span className="artefact-note">{model.data.artefacts.exampleNote}</span>
      </figcaption>
    </figure>
  );
}
