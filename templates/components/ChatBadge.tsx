import ExternalLink from './ExternalLink.tsx';
import Icon from './Icon.tsx';
import { usePage } from './page-context.ts';

/** The floating 'Ask Us Anything' badge: opens the AI chat persona in a new tab. */
export default function ChatBadge() {
  const { model } = usePage();
  return (
    <aside aria-label={model.data.ui.askUsAnything}>
      <ExternalLink className="chat-badge" href={model.data.site.chatPersonaUrl}>
        <Icon name="message-circle" size={20} />
        <span>{model.data.ui.askUsAnything}</span>
      </ExternalLink>
    </aside>
  );
}
