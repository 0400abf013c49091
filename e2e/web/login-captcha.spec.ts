import { expect, loginThroughForm, test } from './fixtures';

test('after repeated failures the server asks for the image captcha and Login shows it', async ({ page }) => {
  const name = `ghost_${Date.now() % 1e8}`;
  await page.goto('/login?lang=en');
  for (let i = 0; i < 3; i++) {
    await loginThroughForm(page, name, 'wrong-password');
    await expect(page.getByTestId('notice').last()).toContainText('Wrong account or password.');
    await page.getByTestId('notice').last().getByRole('button').click();
  }
  await expect(page.getByTestId('captcha-image')).toHaveCount(0);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('notice').last()).toContainText('Please enter the characters in the image to sign in.');
  await expect(page.getByTestId('captcha-image')).toBeVisible();
  await expect(page.getByTestId('captcha-image')).toHaveAttribute('src', /^data:image\/svg\+xml/);
  await expect(page).toHaveURL(/\/login/);
});
