import Card from '../Card.tsx';
import CardGrid from '../CardGrid.tsx';
import SectionHeader from '../SectionHeader.tsx';
import { usePage } from '../page-context.ts';

/** The benefits grid of the home page. */
export default function Benefits() {
  const { model } = usePage();
  const { home } = model.data;
  return (
    <section className="section section-muted" id={home.benefits.id} aria-labelledby="benefits-heading">
      <div className="container">
        <SectionHeader id="benefits-heading" heading={home.benefits.heading} intro={home.benefits.intro} />
        <CardGrid>
          {home.benefits.items.map((item) => (
            <Card key={item.title} title={item.title} text={item.description} icon={item.icon} />
          ))}
        </CardGrid>
      </div>
    </section>
  );
}
