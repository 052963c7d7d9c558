// The e2e server applies dist/_headers as Netlify and Cloudflare Pages would, so every page here
// runs under the site's real Content-Security-Policy, and every test fails on a violation (the
// `cspViolations` fixture). The headers themselves are HTTP facts, checked without a browser in
// tests/static-host/site-headers.test.ts; every page's visit is in routes.spec.ts.
import { expect, test } from './fixtures.ts';

test('a page cannot run a script the policy does not name, and the test sees the violation', async ({
  page,
  cspViolations,
}) => {
  const response = await page.goto('/humans/');
  // A header may carry several policies, comma-separated (the site's, and its folder's stricter one); each reports the violation.
  const policies = (await response!.headerValue('content-security-policy'))!.split(',').length;
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
  });
  await expect.poll(() => cspViolations.length).toBe(policies);
  for (const violation of cspViolations) expect(violation).toMatch(/^script-src-elem /);
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  cspViolations.length = 0; // this test's violation was the point; the fixture checks the rest
});
