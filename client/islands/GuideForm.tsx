import LeadForm from '../forms/LeadForm.tsx';
import type { FieldText, FormConfig, FormMessages } from '../forms/types.ts';

export interface GuideFormText {
  name: FieldText;
  email: FieldText;
  company: FieldText;
  submit: string;
  /** The line under the button (forms.json). */
  note: string;
  legend: string;
  /** `{guide}` stands for the guide's name. */
  mailSubject: string;
}

/** A guide's lead form; success opens the full guide at `/guides/content/{topic}`. */
export default function GuideForm({
  text,
  config,
  messages,
  guideName,
  contentHref,
}: {
  text: GuideFormText;
  config: FormConfig;
  messages: FormMessages;
  guideName: string;
  contentHref: string;
}) {
  return (
    <LeadForm
      name="guide"
      config={config}
      messages={messages}
      submitLabel={text.submit}
      note={text.note}
      legend={text.legend}
      mailSubject={text.mailSubject.replaceAll('{guide}', guideName)}
      fields={[
        { name: 'name', type: 'text', required: true, autoComplete: 'name', ...text.name },
        { name: 'email', type: 'email', required: true, autoComplete: 'email', ...text.email },
        { name: 'company', type: 'text', required: false, autoComplete: 'organization', ...text.company },
      ]}
      toBody={(v) => ({ name: v.name!, email: v.email!, company: v.company!, guide_name: guideName })}
      fixed={{ guide_name: guideName }}
      onSuccess={() => window.location.assign(contentHref)}
    />
  );
}
