import Icon from '../Icon.tsx';
import Img from '../Img.tsx';
import { imageSizes } from '../image-sizes.ts';
import SectionHeader from '../SectionHeader.tsx';
import SiteLink from '../SiteLink.tsx';
import { usePage } from '../page-context.ts';

/** The services grid: one card per service, each linking to its guide. */
export default function ServiceCards() {
  const { model } = usePage();
  const { home } = model.data;
  return (
    <section className="section section-muted" id={home.services.id} aria-labelledby="services-heading">
      <div className="container">
        <SectionHeader id="services-heading" heading={home.services.heading} intro={home.services.intro} />
        <ul className="service-cards">
          {home.services.cards.map((card) => (
            <li key={card.id} className="service-card">
              <Img src={card.image.src} alt={card.image.alt} decorative={card.image.decorative} sizes={imageSizes.card} />
              <div className="service-card-body">
                <span className="card-icon"><Icon name={card.icon} /></span>
                <h3>{card.title}</h3>
                <p>{card.description}</p>
                <SiteLink link={card} className="text-link">
                  {home.services.learnMoreLabel}<span className="visually-hidden">: {card.title}</span>
                  <Icon name="arrow-right" size={16} />
                </SiteLink>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
