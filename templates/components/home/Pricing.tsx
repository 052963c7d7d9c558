import Icon from '../Icon.tsx';
import SectionHeader from '../SectionHeader.tsx';
import SiteLink from '../SiteLink.tsx';
import { usePage } from '../page-context.ts';

/**
 * The two engagement plans, both priced "Contact Us", and under the price how it is set (a short
 * scoping call) with the button that books it, before what the plan includes.
 */
export default function Pricing() {
  const { model } = usePage();
  const { home } = model.data;
  return (
    <section className="section section-plain" id={home.pricing.id} aria-labelledby="pricing-heading">
      <div className="container">
        <SectionHeader id="pricing-heading" heading={home.pricing.heading} intro={home.pricing.intro} />
        <ul className="pricing-grid">
          {home.pricing.plans.map((plan) => (
            <li key={plan.name} className={`plan${plan.popular ? ' plan-popular' : ''}`}>
              {plan.popular ? <p className="plan-badge">{home.pricing.popularLabel}</p> : null}
              <h3>{plan.name}</h3>
              <p className="plan-hours">
                {plan.hoursPerWeek} {home.pricing.hoursSuffix}
              </p>
              <p className="plan-price">{plan.price}</p>
              <p className="plan-anchor">{home.pricing.anchor}</p>
              <SiteLink
                link={plan.cta}
                className={`button button-block ${plan.popular ? 'button-primary' : 'button-secondary'}`}
              >
                {plan.cta.text}
                <span className="visually-hidden">: {plan.name}</span>
              </SiteLink>
              <p className="plan-description">{plan.description}</p>
              <ul className="plan-features">
                {plan.features.map((feature) => (
                  <li key={feature}>
                    <Icon name="check" size={18} />
                    {feature}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
