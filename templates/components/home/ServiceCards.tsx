import { guidePath } from '../../site/urls.ts';
import Card from '../Card.tsx';
import CardGrid from '../CardGrid.tsx';
import Icon from '../Icon.tsx';
import Img from '../Img.tsx';
import { imageSizes } from '../image-sizes.ts';
import SectionHeader from '../SectionHeader.tsx';
import SiteLink from '../SiteLink.tsx';
import { usePage } from '../page-context.ts';

/**
 * The services grid: one card per service, each linking to its guide, then every guide of
 * content/data/guides.json (so the header's 'Browse all AI guides' link lands on all of them).
 * Its illustrations load lazily: they lie below the hero, whose art is HTML.
 */
export default function ServiceCards() {
  const { model } = usePage();
  const { home, guides } = model.data;
  const { services } = home;
  return (
    <section className="section section-plain" id={services.id} aria-labelledby="services-heading">
      <div className="container">
        <SectionHeader id="services-heading" heading={services.heading} intro={services.intro} />
        <CardGrid>
          {services.cards.map((card) => (
            <Card
              key={card.id}
              className="service-card"
              title={card.title}
              text={card.description}
              icon={card.icon}
              media={{
                ratio: `${card.image.width} / ${card.image.height}`,
                element: (
                  <Img
                    src={card.image.src}
                    alt={card.image.alt}
                    decorative={card.image.decorative}
                    sizes={imageSizes.card}
                    loading="lazy"
                  />
                ),
              }}
              action={
                <SiteLink link={card} className="text-link card-stretch">
                  {services.learnMoreLabel}
                  <span className="visually-hidden">: {card.title}</span>
                  <Icon name="arrow-right" size={16} />
                </SiteLink>
              }
            />
          ))}
        </CardGrid>
        {services.allGuides ? (
          <>
            <header className="sub-header">
              <h3 id="all-guides-heading">{services.allGuides.heading}</h3>
            </header>
            <CardGrid className="card-grid guide-tiles">
              {guides.map((guide) => (
                <Card
                  key={guide.topic}
                  compact
                  headingLevel={4}
                  title={guide.name}
                  text={guide.navSummary}
                  icon={guide.icon}
                  href={guidePath(guide.topic)}
                  cue={services.allGuides!.linkLabel}
                />
              ))}
            </CardGrid>
          </>
        ) : null}
      </div>
    </section>
  );
}
