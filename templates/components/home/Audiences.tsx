import { audiencePath } from '../../site/urls.ts';
import Card from '../Card.tsx';
import CardGrid from '../CardGrid.tsx';
import SectionHeader from '../SectionHeader.tsx';
import { usePage } from '../page-context.ts';

/**
 * The services: one card per audience page (content/data/audiences.json), where the header's
 * 'Explore all services' link lands. Nothing when home.json has no `audiences` section.
 */
export default function Audiences() {
  const { model } = usePage();
  const { home, audiences } = model.data;
  const section = home.audiences;
  if (!section) return null;
  return (
    <section className="section section-muted" id={section.id} aria-labelledby="audiences-heading">
      <div className="container">
        <SectionHeader
          id="audiences-heading"
          eyebrow={section.eyebrow}
          heading={section.heading}
          intro={section.intro}
        />
        <CardGrid max={4}>
          {audiences.map((audience) => (
            <Card
              key={audience.slug}
              title={audience.navTitle}
              text={audience.navSummary}
              icon={audience.icon}
              href={audiencePath(audience.slug)}
              cue={section.linkLabel}
            />
          ))}
        </CardGrid>
      </div>
    </section>
  );
}
