/**
 * Posts a lead to the form webhook as a JSON text body with no headers set, so the browser
 * sends a simple CORS request (text/plain) that needs no preflight. Any non-success status,
 * or a network failure, is an error; the response body is read only to log it.
 */
export async function submitLead(webhookUrl: string, body: Record<string, string>): Promise<void> {
  const response = await fetch(webhookUrl, { method: 'POST', body: JSON.stringify(body) });
  if (!response.ok) {
    const detail = await response.text().catch(() => '');
    throw new Error(`Form webhook answered ${response.status}${detail ? `: ${detail.slice(0, 200)}` : ''}`);
  }
}
