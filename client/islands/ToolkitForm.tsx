import { useEffect, useRef, useState } from 'react';
import LeadForm from '../forms/LeadForm.tsx';
import type { FieldText, FormConfig, FormMessages } from '../forms/types.ts';

export interface ToolkitText {
  /** Heading and intro above the form; they give way to the files once unlocked. */
  intro: { heading: string; text: string };
  form: {
    name: FieldText;
    email: FieldText;
    organization: FieldText;
    submit: string;
    /** The line under the button (forms.json). */
    note: string;
    fixedGuideName: string;
    legend: string;
    mailSubject: string;
  };
  unlocked: {
    heading: string;
    status: string;
    readmeTitle: string;
    rulesTitle: string;
    copyLabel: string;
    copiedLabel: string;
  };
  workshop: { heading: string; text: string; cta: { text: string; href: string } };
}

/** How long a Copy button reads 'Copied'. */
export const copiedDurationMs = 1500;

/**
 * The POM toolkit: a quick-access form; once accepted, the README and the Cursor rules appear
 * with Copy buttons, followed by the live workshop invitation.
 */
export default function ToolkitForm({
  text,
  config,
  messages,
  files,
  unlocked: shownUnlocked = false,
}: {
  text: ToolkitText;
  config: FormConfig;
  messages: FormMessages;
  files: { readme: string; rules: string };
  unlocked?: boolean;
}) {
  const [unlocked, setUnlocked] = useState(shownUnlocked);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (unlocked) heading.current?.focus();
  }, [unlocked]);

  if (!unlocked) {
    return (
      <>
        <h2>{text.intro.heading}</h2>
        <p>{text.intro.text}</p>
        <LeadForm
          name="toolkit"
          config={config}
          messages={messages}
          submitLabel={text.form.submit}
          note={text.form.note}
          legend={text.form.legend}
          mailSubject={text.form.mailSubject}
          fields={[
            { name: 'name', type: 'text', required: true, autoComplete: 'name', ...text.form.name },
            { name: 'email', type: 'email', required: true, autoComplete: 'email', ...text.form.email },
            // Named as the body names it (SPEC section 7: organization is sent as company), so the form posts it as it is without JavaScript.
            { name: 'company', type: 'text', required: true, autoComplete: 'organization', ...text.form.organization },
          ]}
          toBody={(v) => ({
            name: v.name!,
            email: v.email!,
            company: v.company!,
            guide_name: text.form.fixedGuideName,
          })}
          fixed={{ guide_name: text.form.fixedGuideName }}
          onSuccess={() => setUnlocked(true)}
        />
      </>
    );
  }
  return (
    <div className="toolkit-files">
      <h2 ref={heading} tabIndex={-1}>
        {text.unlocked.heading}
      </h2>
      <p className="form-message form-message-success" role="status">
        {text.unlocked.status}
      </p>
      <CopyBlock title={text.unlocked.readmeTitle} body={files.readme} labels={text.unlocked} />
      <CopyBlock title={text.unlocked.rulesTitle} body={files.rules} labels={text.unlocked} />
      <section className="workshop" aria-labelledby="workshop-heading">
        <h2 id="workshop-heading">{text.workshop.heading}</h2>
        <p>{text.workshop.text}</p>
        <a className="button button-primary" href={text.workshop.cta.href}>
          {text.workshop.cta.text}
        </a>
      </section>
    </div>
  );
}

function CopyBlock({
  title,
  body,
  labels,
}: {
  title: string;
  body: string;
  labels: { copyLabel: string; copiedLabel: string };
}) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(body);
    } catch {
      // The SPEC keeps clipboard failures silent: the text stays on screen to select by hand.
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), copiedDurationMs);
  };
  return (
    <section className="copy-block" aria-label={title}>
      <div className="copy-block-header">
        <h3>{title}</h3>
        <button type="button" className="button button-secondary button-small" onClick={copy}>
          <span aria-live="polite">{copied ? labels.copiedLabel : labels.copyLabel}</span>
        </button>
      </div>
      <pre tabIndex={0}>
        <code>{body}</code>
      </pre>
    </section>
  );
}
