import type { ReactNode } from 'react';
import CallToAction from './CallToAction.tsx';
import CardGrid from './CardGrid.tsx';
import SectionHeader from './SectionHeader.tsx';
import { usePage } from './page-context.ts';

/**
 * What ends a blog post or a guide article instead of the footer: related reading (each child
 * one card, in a balanced grid), then the call to action of content/data/ui.json. Neither is the
 * page's own text, so site search leaves both out.
 */
export default function NextSteps({
  heading,
  max = 3,
  children,
}: {
  heading: string;
  max?: 3 | 4;
  children: ReactNode;
}) {
  const { cta } = usePage().model.data.ui.nextSteps;
  return (
    <>
      <section
        className="section section-muted next-steps"
        aria-labelledby="next-steps-heading"
        data-pagefind-ignore=""
      >
        <div className="container">
          <SectionHeader id="next-steps-heading" heading={heading} />
          <CardGrid max={max}>{children}</CardGrid>
        </div>
      </section>
      <CallToAction heading={cta.heading} text={cta.text} primary={cta.primary} secondary={cta.secondary} shared />
    </>
  );
}
