import Icon from '../Icon.tsx';
import SectionHeader from '../SectionHeader.tsx';
import { usePage } from '../page-context.ts';

/** The list of service items under the home hero. */
export default function ServiceItems() {
  const { model } = usePage();
  const { home } = model.data;
  return (
    <section className="section section-plain" aria-labelledby="service-items-heading">
      <div className="container">
        <SectionHeader id="service-items-heading" heading={home.hero.serviceItemsHeading} />
        <ul className="service-items">
          {home.hero.serviceItems.map((item) => (
            <li key={item.title}>
              <Icon name={item.icon} className="service-item-icon" />
              <div>
                <h3>{item.title}</h3>
                <p>{item.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
