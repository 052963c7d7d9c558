import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);

/** Browser tests run in Debian's Chromium against the built dist/ served on loopback. */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: true,
  workers: 4,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? 'list' : 'line',
  // Screenshot baselines (visual.spec.ts) live beside the tests, one set for every machine:
  // the pictures come from Debian's Chromium with the repository's own fonts, so no platform suffix.
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  expect: {
    toHaveScreenshot: {
      // The pictures are pixel-identical run to run on one Chromium. A pixel counts as different
      // past a 0.2 colour distance, and 100 of them may differ (stray anti-aliasing on another
      // CPU); a moved section or a resized component changes thousands.
      threshold: 0.2,
      maxDiffPixels: 100,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
    },
  },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `node --import tsx serve.ts`,
    cwd: import.meta.dirname,
    env: { PORT: String(port) },
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
