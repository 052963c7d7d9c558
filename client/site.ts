// Loaded on every page; kept tiny and free of React. Adds what CSS alone cannot: the header's
// scrolled state, keyboard-operable dropdowns, closing the mobile menu, the chat dock standing
// aside for controls beneath it, and the newsletter form.

/** Scroll depth, in pixels, past which the header turns solid. */
const solidAfter = 10;

const header = document.querySelector<HTMLElement>('[data-site-header]');
if (header) {
  const update = () => header.toggleAttribute('data-scrolled', window.scrollY > solidAfter);
  update();
  window.addEventListener('scroll', update, { passive: true });
}

const menus = [...document.querySelectorAll<HTMLElement>('[data-menu]')];
const triggerOf = (menu: HTMLElement) => menu.querySelector<HTMLButtonElement>('.nav-trigger')!;
const itemsOf = (menu: HTMLElement) => [...menu.querySelectorAll<HTMLAnchorElement>('.nav-menu a')];

function setOpen(menu: HTMLElement, open: boolean): void {
  triggerOf(menu).setAttribute('aria-expanded', String(open));
  menu.toggleAttribute('data-open', open);
}

/**
 * Focuses a menu item. A panel that has just opened is still `visibility: hidden` until its
 * transition's first frame, and hidden elements refuse focus, so a miss is retried then.
 */
function focusItem(item: HTMLAnchorElement | undefined): void {
  if (!item) return;
  item.focus();
  if (document.activeElement !== item) requestAnimationFrame(() => item.focus());
}

function closeAll(except?: HTMLElement): void {
  for (const menu of menus) if (menu !== except) setOpen(menu, false);
}

for (const menu of menus) {
  const trigger = triggerOf(menu);
  trigger.addEventListener('click', () => {
    const open = trigger.getAttribute('aria-expanded') !== 'true';
    closeAll(menu);
    setOpen(menu, open);
  });
  menu.addEventListener('mouseenter', () => {
    closeAll(menu);
    setOpen(menu, true);
  });
  menu.addEventListener('mouseleave', () => setOpen(menu, false));
  menu.addEventListener('focusout', (event) => {
    if (!menu.contains(event.relatedTarget as Node | null)) setOpen(menu, false);
  });
  menu.addEventListener('keydown', (event) => {
    const items = itemsOf(menu);
    const index = items.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'Escape') {
      setOpen(menu, false);
      trigger.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      setOpen(menu, true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      focusItem(items[(index + step + items.length + (index === -1 && step < 0 ? 1 : 0)) % items.length]);
    } else {
      return;
    }
    event.preventDefault();
  });
  for (const item of itemsOf(menu)) item.addEventListener('click', () => setOpen(menu, false));
}

const mobile = document.querySelector<HTMLDetailsElement>('[data-mobile-nav]');
if (mobile) {
  const summary = mobile.querySelector('summary')!;
  const openLabel = summary.getAttribute('aria-label')!;
  mobile.addEventListener('toggle', () => {
    summary.setAttribute('aria-label', mobile.open ? summary.dataset.closeLabel! : openLabel);
  });
  mobile.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) mobile.open = false;
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && mobile.open) {
      mobile.open = false;
      summary.focus();
    }
  });
}

// The chat dock sticks to the bottom of the screen on all but the widest ones. It must never
// cover a form's submit button, a 'Clear filters' button or the field the visitor is in: while
// one of them is beneath it, it stands aside (chrome.css).
const dock = document.querySelector<HTMLElement>('.chat-dock');
if (dock) {
  const guarded = 'main form [type="submit"], main [data-keep-clear]';
  const focusable = 'input, select, textarea, button, a[href], [tabindex]';
  const beneath = (element: Element, area: DOMRect) => {
    const box = element.getBoundingClientRect();
    return (
      box.width > 0 && box.bottom > area.top && box.top < area.bottom && box.right > area.left && box.left < area.right
    );
  };
  let frame = 0;
  const check = () => {
    frame = 0;
    const area = dock.getBoundingClientRect();
    const focused = document.activeElement;
    const covering =
      area.height > 0 &&
      ([...document.querySelectorAll(guarded)].some((element) => beneath(element, area)) ||
        (focused instanceof HTMLElement &&
          focused.closest('main') !== null &&
          focused.matches(focusable) &&
          beneath(focused, area)));
    dock.toggleAttribute('data-stand-aside', covering);
  };
  const schedule = () => {
    frame ||= requestAnimationFrame(check);
  };
  for (const type of ['scroll', 'resize', 'focusin', 'focusout'])
    window.addEventListener(type, schedule, { passive: true });
  const main = document.querySelector('main');
  if (main) new MutationObserver(schedule).observe(main, { childList: true, subtree: true });
  schedule();
}

// The footer newsletter form posts through client/newsletter.ts, loaded when the visitor first
// reaches for the form, so this script stays tiny. If it cannot load, the failure is shown.
const newsletter = document.querySelector<HTMLFormElement>('[data-newsletter]');
if (newsletter) {
  // The button is disabled in the page where only this script can send the form (no endpoint).
  const submit = newsletter.querySelector<HTMLButtonElement>('[data-newsletter-submit]');
  if (submit) submit.disabled = false;
  let loading: Promise<typeof import('./newsletter.ts')> | undefined;
  const load = () =>
    (loading ??= import('./newsletter.ts').catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  newsletter.addEventListener('focusin', () => load().catch(() => undefined), { once: true });
  newsletter.addEventListener('submit', (event) => {
    event.preventDefault();
    load().then(
      (module) => module.submitNewsletter(newsletter),
      (error: unknown) => {
        console.error(error);
        newsletter.querySelector<HTMLElement>('[data-newsletter-failure]')!.hidden = false;
      },
    );
  });
}
