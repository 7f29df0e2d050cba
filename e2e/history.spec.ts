import { expect, test } from './fixtures';
import { firstOf, groundTruth, singleWays } from './ground-truth';
import { signInAsDemoUser } from './sign-in';

/** The documentation table's rows, by the field names the emulator's record uses. */
const LABELS: Record<string, string> = {
  activity: 'Activity',
  product: 'Reference product',
  unit: 'Unit',
  geography: 'Geography',
  time_period: 'Time period',
  activity_type: 'Activity type',
  isic_class: 'ISIC class',
  isic_section: 'ISIC section',
  sectors: 'Sectors',
  description: 'Description',
};

test('a dataset renamed in 3.12: its history shows how it was matched in 3.11 and what differs', async ({
  page,
  emulatorUrl,
}) => {
  // A dataset the emulator renamed between 3.11 and 3.12, keeping its ID and UUIDs.
  const renamed = firstOf(
    singleWays(await groundTruth(emulatorUrl, '3.11', '3.12')),
    (row) => row.kind === 'renamed' && row.fields.includes('activity'),
  );
  const id = String(renamed.to_id);
  expect(renamed.from_id).toBe(renamed.to_id);

  await page.goto(`/3.12/cutoff/datasets/${id}`);
  await signInAsDemoUser(page);
  const newName = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  await page.getByRole('link', { name: 'Across releases' }).click();
  // The dataset page's set goes along once its catalogue is in (shown-link.ts).
  await expect(page).toHaveURL(
    new RegExp(`/3\\.12/cutoff/datasets/${id}/history(\\?ind=[\\d,]+)?$`),
  );
  // The first visit may have the proxy read the releases (free calls): the page says how far.
  await expect(
    page.getByRole('heading', { level: 1, name: `${newName} across releases` }),
  ).toBeVisible();

  // The match: the same Dataset ID in 3.11, linked, and what differs from 3.12.
  const matches = page.getByRole('table', { name: `Dataset ${id} across releases` });
  const in311 = matches.getByRole('row', { name: /^3\.11 / });
  await expect(in311.getByText('same Dataset ID')).toBeVisible();
  // Linked with the page's indicator set, the one "Change indicators" carries too (once the
  // catalogue is in; the URL named none, so the set is the remembered or default one).
  const change = page.getByRole('link', { name: 'Change indicators' });
  await expect(change).toHaveAttribute('href', /[?&]ind=\d+/);
  const chosen = new URL((await change.getAttribute('href')) ?? '', page.url()).searchParams.get(
    'ind',
  );
  await expect(in311.getByRole('link', { name: new RegExp(`^${id} · `) })).toHaveAttribute(
    'href',
    `/3.11/cutoff/datasets/${id}?ind=${chosen ?? ''}`,
  );
  await expect(in311.getByRole('cell').last()).toHaveText(/^Activity\b/);

  // The difference: 3.11's activity name against 3.12's, and exactly the fields the emulator
  // changed marked as changed.
  const documentation = page.getByRole('table', { name: 'Documentation across releases' });
  const field = (label: string) =>
    documentation
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
  const [here, before] = await field('Activity').getByRole('cell').allTextContents();
  expect(here).toBe(newName);
  expect(before).toMatch(/ \(changed\)$/);
  expect(before?.replace(/ \(changed\)$/, '')).not.toBe(newName);
  for (const [name, label] of Object.entries(LABELS)) {
    const marked = field(label).getByRole('cell').nth(1).getByText('(changed)');
    await expect(marked, label).toHaveCount(renamed.fields.includes(name) ? 1 : 0);
  }
});
