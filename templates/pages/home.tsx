import { caseStudyVideoPath } from '../../cli/route/urls.ts';
import CallToAction from '../components/CallToAction.tsx';
import ExternalLink from '../components/ExternalLink.tsx';
import { useSizedImage } from '../components/form-props.ts';
import Icon from '../components/Icon.tsx';
import Img from '../components/Img.tsx';
import Island from '../components/Island.tsx';
import Layout from '../components/Layout.tsx';
import SectionHeader from '../components/SectionHeader.tsx';
import SiteLink from '../components/SiteLink.tsx';
import { usePage } from '../components/page-context.ts';

/** The home page: hero, services, benefits, pricing, testimonials, closing call and video. */
export default function HomePage() {
  const { model } = usePage();
  const { home, site, testimonials } = model.data;
  const sized = useSizedImage();
  return (
    <Layout meta={{ title: `${site.brand} | ${home.meta.title}`, description: home.meta.description }}>
      <section className="home-hero">
        <div className="container home-hero-grid">
          <div className="home-hero-copy">
            <p className="eyebrow">{home.hero.eyebrow}</p>
            <h1>{home.hero.headline}</h1>
            <p className="lead">{home.hero.subheadline}</p>
            <p className="hero-claim"><Icon name="zap" size={18} />{home.hero.claim}</p>
            <div className="actions">
              <SiteLink link={home.hero.primaryCta} className="button button-primary button-large" />
              <ExternalLink href={site.chatPersonaUrl} className="button button-ghost button-large">
                <Icon name="message-circle" size={18} />
                {home.hero.askAiLabel}
              </ExternalLink>
            </div>
          </div>
          <div className="home-hero-art">
            <Img src="/images/hero.svg" alt="" loading="eager" fetchPriority="high" />
          </div>
        </div>
        <div className="container" id={home.hero.featuresId}>
          <ul className="feature-tiles">
            {home.hero.features.map((feature) => (
              <li key={feature.href}>
                <SiteLink link={feature} className="feature-tile">
                  <span className="card-icon">{feature.icon ? <Icon name={feature.icon} /> : null}</span>
                  <span className="feature-title">{feature.title}</span>
                  <span className="feature-text">{feature.description}</span>
                </SiteLink>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-plain" aria-labelledby="service-items-heading">
        <div className="container">
          <h2 id="service-items-heading" className="section-title-small">{home.hero.serviceItemsHeading}</h2>
          <ul className="service-items">
            {home.hero.serviceItems.map((item) => (
              <li key={item.title}>
                <Icon name={item.icon} className="service-item-icon" />
                <div><h3>{item.title}</h3><p>{item.description}</p></div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-muted" id={home.services.id} aria-labelledby="services-heading">
        <div className="container">
          <SectionHeader id="services-heading" heading={home.services.heading} intro={home.services.intro} />
          <ul className="service-cards">
            {home.services.cards.map((card) => (
              <li key={card.id} className="service-card">
                <Img src={card.image.src} alt={card.image.alt} />
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

      <section className="section section-plain" id={home.benefits.id} aria-labelledby="benefits-heading">
        <div className="container">
          <SectionHeader id="benefits-heading" heading={home.benefits.heading} intro={home.benefits.intro} />
          <ul className="card-grid card-grid-3">
            {home.benefits.items.map((item) => (
              <li className="card" key={item.title}>
                <span className="card-icon"><Icon name={item.icon} /></span>
                <h3>{item.title}</h3>
                <p>{item.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-muted" id={home.pricing.id} aria-labelledby="pricing-heading">
        <div className="container">
          <SectionHeader id="pricing-heading" heading={home.pricing.heading} intro={home.pricing.intro} />
          <ul className="pricing-grid">
            {home.pricing.plans.map((plan) => (
              <li key={plan.name} className={`plan${plan.popular ? ' plan-popular' : ''}`}>
                {plan.popular ? <p className="plan-badge">{home.pricing.popularLabel}</p> : null}
                <h3>{plan.name}</h3>
                <p className="plan-hours">{plan.hoursPerWeek} {home.pricing.hoursSuffix}</p>
                <p className="plan-price">{plan.price}</p>
                <p>{plan.description}</p>
                <ul className="plan-features">
                  {plan.features.map((feature) => <li key={feature}><Icon name="check" size={18} />{feature}</li>)}
                </ul>
                <SiteLink link={plan.cta} className={`button button-block ${plan.popular ? 'button-primary' : 'button-secondary'}`}>
                  {plan.cta.text}<span className="visually-hidden">: {plan.name}</span>
                </SiteLink>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-plain" id={home.testimonials.id} aria-labelledby="testimonials-heading">
        <div className="container">
          <SectionHeader id="testimonials-heading" heading={home.testimonials.heading} intro={home.testimonials.intro} />
          <Island
            name="TestimonialCarousel"
            props={{
              labels: { previous: home.testimonials.previousLabel, next: home.testimonials.nextLabel, watch: home.testimonials.watchLabel, region: home.testimonials.heading },
              slides: testimonials.map((t) => ({
                id: t.id, quote: t.quote, company: t.company, name: t.name, title: t.title,
                logo: sized(t.logo, t.company), watchHref: caseStudyVideoPath(t.videoUrl),
              })),
            }}
          />
          <p className="section-cta"><SiteLink link={home.testimonials.caseStudiesLink} className="text-link" /></p>
        </div>
      </section>

      <CallToAction heading={home.closingCta.heading} text={home.closingCta.text} primary={home.closingCta.primary} secondary={home.closingCta.secondary} />

      <section className="section section-plain" aria-labelledby="customer-video-heading">
        <div className="container narrow">
          <SectionHeader id="customer-video-heading" heading={home.customerVideo.heading} intro={home.customerVideo.text} />
          <div className="video-frame">
            <iframe src={home.customerVideo.videoUrl} title={home.customerVideo.title} loading="lazy" allow="encrypted-media; picture-in-picture; fullscreen" allowFullScreen />
          </div>
        </div>
      </section>
    </Layout>
  );
}
