import Brand from './Brand.tsx';
import Icon from './Icon.tsx';
import SiteLink from './SiteLink.tsx';
import { usePage } from './page-context.ts';
import { useSharedMarkup } from './shared-markup.tsx';
import type { Menu } from '../site/navigation.ts';
import { searchPath } from '../site/urls.ts';

/**
 * The fixed header. Without JavaScript the dropdowns open on hover and focus (CSS) and the
 * mobile menu is a <details> element; client/site.ts adds scroll state, Escape and arrow keys.
 */
export default function Header() {
  // The same on every page: rendered once per build (see useSharedMarkup).
  const html = useSharedMarkup('header', <HeaderContents />);
  return <header className="site-header" data-site-header="" dangerouslySetInnerHTML={{ __html: html }} />;
}

function HeaderContents() {
  const { navigation, model } = usePage();
  const header = model.data.navigation.header;
  return (
    <div className="container header-inner">
      <Brand />
      <nav className="primary-nav" aria-label="Main">
        <ul className="nav-list">
          {navigation.menus.map((menu) => (
            <li className="nav-item has-menu" key={menu.id} data-menu="">
              <button type="button" className="nav-trigger" aria-expanded="false" aria-controls={`menu-${menu.id}`}>
                {menu.label}
                <Icon name="chevron-down" size={16} />
              </button>
              <DropdownPanel menu={menu} />
            </li>
          ))}
          {navigation.links.map((link) => (
            <li className="nav-item" key={link.href}>
              <SiteLink link={link} className="nav-link" />
            </li>
          ))}
        </ul>
      </nav>
      {/* A plain link: the search page loads search's script, no other page does. */}
      <SiteLink href={searchPath} className="header-search">
        <Icon name="search" size={20} />
        <span className="visually-hidden">{model.data.search.headerLabel}</span>
      </SiteLink>
      <SiteLink link={navigation.cta} className="button button-primary header-cta" />
      <details className="mobile-nav" data-mobile-nav="">
        <summary className="mobile-toggle" aria-label={header.openMenuLabel} data-close-label={header.closeMenuLabel}>
          <Icon name="menu" className="icon-open" />
          <Icon name="close" className="icon-close" />
        </summary>
        <nav className="mobile-panel" aria-label="Mobile">
          {navigation.menus.map((menu) => (
            <div className="mobile-group" key={menu.id}>
              <p className="mobile-group-title">{menu.label}</p>
              <ul>
                {menu.items.map((item) => (
                  <li key={item.href}>
                    <SiteLink link={item} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <ul className="mobile-links">
            {navigation.links.map((link) => (
              <li key={link.href}>
                <SiteLink link={link} />
              </li>
            ))}
          </ul>
          <SiteLink link={navigation.cta} className="button button-primary mobile-cta" />
        </nav>
      </details>
    </div>
  );
}

function DropdownPanel({ menu }: { menu: Menu }) {
  return (
    <div className={`nav-menu nav-menu-cols-${menu.columns}`} id={`menu-${menu.id}`} style={{ width: menu.width }}>
      <ul className="nav-menu-grid">
        {menu.items.map((item) => (
          <li key={item.href}>
            <SiteLink link={item} className="nav-menu-item">
              <Icon name={item.icon} size={20} />
              <span className="nav-menu-text">
                <span className="nav-menu-title">{item.text}</span>
                <span className="nav-menu-summary">{item.summary}</span>
              </span>
            </SiteLink>
          </li>
        ))}
      </ul>
      <SiteLink link={menu.anchor} className="nav-menu-overview">
        {menu.anchor.text}
        <Icon name="arrow-right" size={16} />
      </SiteLink>
    </div>
  );
}
