import path from 'node:path';
import type { SiteModel } from './model.ts';
import type { IconName, Link } from './schemas/schemas.ts';
import { audiencePath, guidePath } from './urls.ts';

/** An entry of a header dropdown: a page with its title and one-line summary. */
export interface MenuItem extends Link {
  summary: string;
  icon: IconName;
}

/** A header dropdown ('Services', 'AI Guides') with its layout constants from the design. */
export interface Menu {
  id: 'services' | 'guides';
  label: string;
  anchor: Link;
  columns: 2 | 3;
  /** Dropdown width from the design: 36rem for services, 48rem for guides. */
  width: string;
  items: MenuItem[];
}

/** The site's navigation, derived once from the datasets so header, footer and menus agree. */
export interface Navigation {
  menus: Menu[];
  links: Link[];
  cta: Link;
  footerColumns: { title: string; links: Link[] }[];
}

const menuLayout = { services: { columns: 2, width: '36rem' }, guides: { columns: 3, width: '48rem' } } as const;

/**
 * Builds the navigation: the services menu and footer column list the audience pages, the
 * guides menu lists the guides, so a page added to a dataset appears everywhere at once.
 */
export function buildNavigation(model: Omit<SiteModel, 'navigation'>): Navigation {
  const { navigation, audiences, guides } = model.data;
  const dataFile = (name: string) => path.join(model.contentRoot, 'data', `${name}.json`);
  const derived = <T extends object>(link: T, file: string, field: string): T => {
    model.origins.set(link, { kind: 'data', file, field });
    return link;
  };
  const serviceItems: MenuItem[] = audiences.map((a, i) =>
    derived(
      { text: a.navTitle, href: audiencePath(a.slug), summary: a.navSummary, icon: a.icon },
      dataFile('audiences'),
      `[${i}].slug`,
    ),
  );
  const guideItems: MenuItem[] = guides.map((g, i) =>
    derived(
      { text: g.name, href: guidePath(g.topic), summary: g.navSummary, icon: g.icon },
      dataFile('guides'),
      `[${i}].topic`,
    ),
  );
  const menus: Menu[] = navigation.header.menus.map((menu) => {
    const anchor = { text: menu.overviewLabel, href: menu.anchor };
    const origin = model.origins.get(menu);
    if (origin) model.origins.set(anchor, origin);
    return {
      id: menu.id,
      label: menu.label,
      anchor,
      ...menuLayout[menu.id],
      items: menu.id === 'services' ? serviceItems : guideItems,
    };
  });
  return {
    menus,
    links: navigation.header.links,
    cta: navigation.header.cta,
    footerColumns: [{ title: navigation.footer.servicesTitle, links: serviceItems }, ...navigation.footer.columns],
  };
}
