// Shared by the lead form islands and the footer newsletter (loaded from the React-free site
// script), so it imports nothing.

/** How long a lead may take to reach the webhook when the site's configuration says nothing. */
export const defaultTimeoutSeconds = 15;

/** How long a submission may wait for the webhook, and where it goes. */
export interface DeliveryOptions {
  /** Seconds before an unanswered request is abandoned and counted as a failure. */
  timeoutSeconds?: number;
  /**
   * The URL is the site's own lead endpoint: the body goes as JSON (same origin, so no CORS
   * question), and only its `202 Accepted` (the lead is stored) is a success.
   */
  endpoint?: boolean;
}

/**
 * Posts a lead to the form webhook as a JSON text body with no headers set, so the browser
 * sends a simple CORS request (text/plain) that needs no preflight. It resolves only when the
 * webhook answered 2xx within the time allowed; anything else is an error: a non-success
 * status, a redirect (never followed: a followed 302 turns the POST into a GET without the
 * body, and the lead would be lost behind a success), no answer in time, or a network failure.
 * The response body is read only to describe a failure.
 */
export async function submitLead(
  webhookUrl: string,
  body: Record<string, string | number>,
  { timeoutSeconds = defaultTimeoutSeconds, endpoint = false }: DeliveryOptions = {},
): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutSeconds * 1000);
  try {
    const headers: HeadersInit | undefined = endpoint ? { 'content-type': 'application/json' } : undefined;
    const response = await fetch(webhookUrl, {
      method: 'POST',
      ...(headers ? { headers } : {}),
      body: JSON.stringify(body),
      redirect: 'error',
      signal: controller.signal,
    });
    if (endpoint ? response.status !== 202 : !response.ok) {
      const detail = await response.text().catch(() => '');
      throw new Error(`Form webhook answered ${response.status}${detail ? `: ${detail.slice(0, 200)}` : ''}`);
    }
  } catch (error) {
    if (controller.signal.aborted)
      throw new Error(`Form webhook gave no answer within ${timeoutSeconds} s`, { cause: error });
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
