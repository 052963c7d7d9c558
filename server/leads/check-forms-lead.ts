// The test lead `sitegen check-forms` sends the lead endpoint: a consultation marked as a test, in
// place of a captcha token signed with the reCAPTCHA secret (testSignatureOf in lead-handler.ts),
// so that the endpoint stores it, forwards it at once and answers with every hop.
import { createHmac, randomBytes } from 'node:crypto';

export function checkFormsLead(secret: string | undefined): Record<string, string> {
  const submissionId = randomBytes(16).toString('hex');
  return {
    form: 'consultation',
    name: 'sitegen check-forms',
    email: 'check-forms@example.com',
    company: '',
    message: 'A test lead sent by sitegen check-forms: discard it.',
    interest: 'Unsure / Other',
    submissionId,
    // Without the secret there is nothing to sign with: the endpoint refuses the lead (no token), and the check says so.
    testSignature: secret ? createHmac('sha256', secret).update(`check-forms:${submissionId}`).digest('hex') : '',
  };
}
