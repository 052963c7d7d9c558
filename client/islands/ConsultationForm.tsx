import LeadForm from '../forms/LeadForm.tsx';
import type { FieldText, FormConfig, FormMessages } from '../forms/types.ts';

export interface ConsultationText {
  name: FieldText;
  email: FieldText;
  company: FieldText;
  message: FieldText;
  interest: { label: string; placeholder: string; options: string[] };
  submit: string;
  legend: string;
  mailSubject: string;
}

/** The consultation form on /getting-started; success sends the visitor to the scheduling page. */
export default function ConsultationForm({ text, config, messages, schedulingUrl }: { text: ConsultationText; config: FormConfig; messages: FormMessages; schedulingUrl: string }) {
  return (
    <LeadForm
      name="consultation"
      config={config}
      messages={messages}
      submitLabel={text.submit}
      legend={text.legend}
      mailSubject={text.mailSubject}
      fields={[
        { name: 'name', type: 'text', required: true, autoComplete: 'name', ...text.name },
        { name: 'email', type: 'email', required: true, autoComplete: 'email', ...text.email },
        { name: 'company', type: 'text', required: false, autoComplete: 'organization', ...text.company },
        { name: 'message', type: 'textarea', required: true, ...text.message },
        { name: 'interest', type: 'select', required: true, label: text.interest.label, placeholder: text.interest.placeholder, options: text.interest.options },
      ]}
      toBody={(v) => ({ name: v.name!, email: v.email!, company: v.company!, message: v.message!, interest: v.interest! })}
      onSuccess={() => window.location.assign(schedulingUrl)}
    />
  );
}
