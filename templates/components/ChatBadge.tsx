import ExternalLink from './ExternalLink.tsx';
import Icon from './Icon.tsx';
import SiteLink from './SiteLink.tsx';
import { usePage } from './page-context.ts';

/**
 * The dock that sticks to the bottom of the screen (chrome.css), between the content and the
 * footer. Below 1440 px it is a strip led by the booking link (the consultation form), with the
 * SPEC's floating 'Ask Us Anything' badge at its bottom right: the chat in a new tab, a round
 * icon on phones (its words stay its accessible name) and a labelled pill where there is room.
 * From 1440 px the header's 'Get Started' is always in view, and the badge alone stands as a
 * tile in the free margin.
 */
export default function ChatBadge() {
  const { model } = usePage();
  const { ui, site } = model.data;
  return (
    <aside className="chat-dock" aria-label={ui.dock.label}>
      <SiteLink link={ui.dock.book} className="button dock-book">
        <Icon name="calendar" size={18} />
        {ui.dock.book.text}
      </SiteLink>
      <ExternalLink className="chat-badge" href={site.chatPersonaUrl} title={ui.askUsAnything}>
        <Icon name="message-circle" size={20} />
        <span className="chat-badge-text">{ui.askUsAnything}</span>
      </ExternalLink>
    </aside>
  );
}
