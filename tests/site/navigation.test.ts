import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { buildNavigation } from '../../templates/site/navigation.ts';
import type { SiteModel } from '../../templates/site/model.ts';
import { contentRoot, loadSiteModel, validateSiteModel } from '../helpers/site-model.ts';

const { raw, model } = await loadSiteModel();
const audiencesFile = path.join(contentRoot, 'data', 'audiences.json');
const guidesFile = path.join(contentRoot, 'data', 'guides.json');

/** A model of its own (its own origin index), with some datasets replaced. */
function withData(data: Partial<SiteModel['data']>): SiteModel {
  const fresh = validateSiteModel(raw);
  return { ...fresh, data: { ...fresh.data, ...data } };
}

test('has the services menu then the guides menu, labelled and anchored as navigation.json says', () => {
  const { menus } = buildNavigation(model);
  assert.deepEqual(
    menus.map((m) => [m.id, m.label, m.anchor.text, m.anchor.href]),
    [
      ['services', 'Services', 'Explore all services', '/#services'],
      ['guides', 'AI Guides', 'Browse all AI guides', '/#guides'],
    ],
  );
});

test('lays the services dropdown out in 2 columns of 36rem and the guides one in 3 of 48rem', () => {
  const { menus } = buildNavigation(model);
  assert.deepEqual(
    menus.map((m) => [m.id, m.columns, m.width]),
    [
      ['services', 2, '36rem'],
      ['guides', 3, '48rem'],
    ],
  );
});

test('lists each audience in the services menu with its nav title, /services/ href, summary and icon', () => {
  const services = buildNavigation(model).menus.find((m) => m.id === 'services')!;
  assert.ok(model.data.audiences.length > 0);
  assert.deepEqual(
    services.items,
    model.data.audiences.map((a) => ({
      text: a.navTitle,
      href: `/services/${a.slug}`,
      summary: a.navSummary,
      icon: a.icon,
    })),
  );
  assert.ok(services.items.some((item) => item.href === '/services/devshops'));
});

test('lists each guide in the guides menu with its name, /guides/ href, summary and icon', () => {
  const guides = buildNavigation(model).menus.find((m) => m.id === 'guides')!;
  assert.deepEqual(
    guides.items,
    model.data.guides.map((g) => ({ text: g.name, href: `/guides/${g.topic}`, summary: g.navSummary, icon: g.icon })),
  );
  assert.deepEqual(guides.items.map((i) => i.href).sort(), [
    '/guides/bug-documentation',
    '/guides/cursor-usage',
    '/guides/playwright',
    '/guides/productivity',
    '/guides/test-data',
  ]);
});

test('an audience added to the dataset appears in the services menu and the footer at once', () => {
  const added = { ...model.data.audiences[0]!, slug: 'agencies', navTitle: 'Agencies', navSummary: 'QA for agencies' };
  const navigation = buildNavigation(withData({ audiences: [...model.data.audiences, added] }));
  const services = navigation.menus.find((m) => m.id === 'services')!;
  assert.deepEqual(services.items.at(-1), {
    text: 'Agencies',
    href: '/services/agencies',
    summary: 'QA for agencies',
    icon: added.icon,
  });
  assert.deepEqual(navigation.footerColumns[0]!.links.at(-1), services.items.at(-1));
});

test('puts the services column first in the footer, then the footer columns of navigation.json', () => {
  const navigation = buildNavigation(model);
  const services = navigation.menus.find((m) => m.id === 'services')!;
  assert.deepEqual(
    navigation.footerColumns.map((c) => c.title),
    ['Services', 'Company', 'Legal'],
  );
  assert.deepEqual(navigation.footerColumns[0]!.links, services.items);
  assert.deepEqual(navigation.footerColumns.slice(1), model.data.navigation.footer.columns);
});

test('takes the header links and call to action from navigation.json', () => {
  const navigation = buildNavigation(model);
  assert.deepEqual(
    navigation.links.map((l) => l.href),
    ['/case-studies', '/humans', '/blog'],
  );
  assert.deepEqual(navigation.cta, { text: 'Get Started', href: '/getting-started' });
});

test('records each derived menu link as coming from its dataset file and the slug or topic field', () => {
  const fresh = withData({});
  const navigation = buildNavigation(fresh);
  const [services, guides] = navigation.menus;
  services!.items.forEach((item, i) =>
    assert.deepEqual(fresh.origins.get(item), { kind: 'data', file: audiencesFile, field: `[${i}].slug` }, item.href),
  );
  guides!.items.forEach((item, i) =>
    assert.deepEqual(fresh.origins.get(item), { kind: 'data', file: guidesFile, field: `[${i}].topic` }, item.href),
  );
});

test('records a menu anchor as coming from the anchor field of navigation.json, at the line and column of that field', () => {
  const fresh = withData({});
  const menus = buildNavigation(fresh).menus;
  const navigationFile = path.join(contentRoot, 'data', 'navigation.json');
  const lines = raw.data.get('navigation')!.source.split('\n');
  menus.forEach((menu, i) => {
    const line = lines.findIndex((text) => text.includes(`"anchor": "${menu.anchor.href}"`)) + 1;
    const column = lines[line - 1]!.indexOf('"anchor"') + 1;
    assert.ok(line > 0 && column > 0, menu.anchor.href);
    assert.deepEqual(fresh.origins.get(menu.anchor), {
      kind: 'data',
      file: navigationFile,
      line,
      column,
      field: `header.menus[${i}].anchor`,
    });
  });
});
