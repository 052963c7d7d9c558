import HomeHero from '../components/home/HomeHero.tsx';
import ServiceItems from '../components/home/ServiceItems.tsx';
import Audiences from '../components/home/Audiences.tsx';
import ServiceCards from '../components/home/ServiceCards.tsx';
import Benefits from '../components/home/Benefits.tsx';
import Pricing from '../components/home/Pricing.tsx';
import Testimonials from '../components/home/Testimonials.tsx';
import CustomerVideo from '../components/home/CustomerVideo.tsx';
import CallToAction from '../components/CallToAction.tsx';
import Layout from '../components/Layout.tsx';
import { usePage } from '../components/page-context.ts';

/** The home page: hero, what the engineer delivers, services, guides, benefits, pricing, testimonials, closing call and video. */
export default function HomePage() {
  const { model } = usePage();
  const { home, site } = model.data;
  return (
    <Layout meta={{ title: `${site.brand} | ${home.meta.title}`, description: home.meta.description }}>
      <HomeHero />
      <ServiceItems />
      <Audiences />
      <ServiceCards />
      <Benefits />
      <Pricing />
      <Testimonials />
      <CallToAction
        heading={home.closingCta.heading}
        text={home.closingCta.text}
        primary={home.closingCta.primary}
        secondary={home.closingCta.secondary}
      />
      <CustomerVideo />
    </Layout>
  );
}
