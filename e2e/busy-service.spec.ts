import { expect, test } from './fixtures';
import { datasetIds } from './proxy-api';
import { signInAsDemoUser } from './sign-in';

/**
 * The data service asks the explorer to wait (429 with Retry-After) for longer than the proxy
 * waits itself (UPSTREAM_RETRY_MS, 8 s): the page says the service is busy and retrying, never
 * shows an error, and fills in when the service answers.
 */
test('a busy data service: the page says it is busy and retrying, then shows the dataset', async ({
  page,
  emulatorUrl,
}) => {
  // A dataset no other journey opens, so its documentation is not in the proxy's cache yet and
  // the fault meets only this journey's call.
  const id = (await datasetIds('aluminium')).at(-1);
  expect(id, 'a dataset of the aluminium search').toBeDefined();
  // One 429 asking for 9 s, more than the proxy waits: it passes the wait on to the explorer.
  const fault = await fetch(`${emulatorUrl}/_emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      rate_limit_burst: { count: 1, match: `/datasets/${String(id)}?`, retry_after_seconds: 9 },
    }),
  });
  expect(fault.ok).toBe(true);

  await page.goto(`/3.12/cutoff/datasets/${String(id)}`);
  await signInAsDemoUser(page);
  const busy = page.getByRole('status').filter({ hasText: 'The data service is busy, retrying' });
  // An error would be an alert naming the service (the scores' cost prompt is an alert too).
  const failed = page.getByRole('alert').filter({ hasText: /data service|went wrong/ });
  await expect(busy).toBeVisible();
  await expect(failed).toHaveCount(0);
  // The explorer asks again after the 9 s the service asked for; the step limit allows 25 s.
  await expect(page.getByText(`Dataset ID ${String(id)}`).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(busy).toHaveCount(0);
  await expect(failed).toHaveCount(0);
});
