import ExternalLink from './ExternalLink.tsx';
import Icon from './Icon.tsx';
import { usePage } from './page-context.ts';

/**
 * The floating 'Ask Us Anything' badge: opens the AI chat persona in a new tab. It sits in a dock
 * between the content and the footer that sticks to the bottom of the screen (chrome.css): a
 * strip with a short prompt on narrower screens, a tile in the free margin on wide ones.
 */
export default function ChatBadge() {
  const { model } = usePage();
  const { ui, site } = model.data;
  return (
    <aside className="chat-dock" aria-label={ui.askUsAnything}>
      <p className="chat-dock-prompt">{ui.askUsPrompt}</p>
      <ExternalLink className="chat-badge" href={site.chatPersonaUrl}>
        <Icon name="message-circle" size={20} />
        <span>{ui.askUsAnything}</span>
      </ExternalLink>
    </aside>
  );
}
