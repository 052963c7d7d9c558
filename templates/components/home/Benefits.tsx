import Icon from '../Icon.tsx';
import SectionHeader from '../SectionHeader.tsx';
import { usePage } from '../page-context.ts';

/** The benefits grid of the home page. */
export default function Benefits() {
  const { model } = usePage();
  const { home } = model.data;
  return (
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
  );
}
