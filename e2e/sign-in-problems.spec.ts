import { expect, test } from './fixtures';
import { signInAsDemoUser } from './sign-in';

test('cancelling at the identity provider says so in words, and signing in again takes the user in', async ({
  page,
}) => {
  await page.goto('/3.12/cutoff');
  await expect(
    page.getByRole('heading', { name: 'Sign in to the demo organisation' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  const problem = page.getByRole('alert');
  await expect(problem.getByRole('heading', { name: 'You were not signed in' })).toBeVisible();
  await expect(problem).toContainText('you cancelled, or your account may not use the explorer');
  await expect(problem).toContainText('It said: “The user cancelled signing in.”');
  // The OAuth code is for developers; the address keeps neither it nor the callback's state.
  await expect(problem).not.toContainText('access_denied');
  expect(new URL(page.url()).search).toBe('');

  await problem.getByRole('button', { name: 'Sign in again' }).click();
  await signInAsDemoUser(page);
  await expect(page.getByRole('button', { name: 'Account: Demo Analyst' })).toBeVisible();
});

test('a sign-in answer opened a second time says the sign-in is over, not what the library stores', async ({
  page,
}) => {
  const answers: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && /\/callback\?.*code=/.test(request.url()))
      answers.push(request.url());
  });
  await page.goto('/3.12/cutoff');
  await signInAsDemoUser(page);
  await expect(page.getByRole('button', { name: 'Account: Demo Analyst' })).toBeVisible();
  expect(answers).toHaveLength(1);

  // As a reload of the callback page, a Back to it, or a bookmark of it would.
  await page.goto(answers[0] ?? '');
  const problem = page.getByRole('alert');
  await expect(problem.getByRole('heading', { name: 'This sign-in is over' })).toBeVisible();
  await expect(problem).not.toContainText(/storage/i);
  await problem.getByRole('button', { name: 'Sign in again' }).click();
  // The identity provider's session still lives: back in without the password.
  await expect(page.getByRole('button', { name: 'Account: Demo Analyst' })).toBeVisible();
});
