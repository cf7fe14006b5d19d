import {
  adminRequest,
  confirmationLink,
  E2E_ADMIN,
  expect,
  expectAccessible,
  logIn,
  PASSWORD,
  signUpViaApi,
  test,
  uniqueEmail,
  waitForHydration,
} from './fixtures';

test.describe('sign-up', () => {
  for (const [label, role, home] of [
    ['Job Seeker', 'jobseeker', '/job-seeker/home'],
    ['Employer', 'employer', '/employer/home'],
  ] as const) {
    test(`as ${label} is asked to confirm the email, and the link lands on ${home}`, async ({ page }) => {
      // Two pages more than before (the check-your-email answer and the link's landing page).
      test.slow();
      await page.goto(`/signup?role=${role}`);
      await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
      await expectAccessible(page);
      const email = uniqueEmail(role);
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
      // The link's role is chosen; an employer names their company (issue 44).
      await expect(page.getByRole('radio', { name: label })).toBeChecked();
      const company = page.getByRole('textbox', { name: 'Company name' });
      if (role === 'employer') await company.fill('Pérez Hotels');
      else await expect(company).toBeHidden();
      // The optional full name, so the home greets the person by name.
      await page.getByRole('textbox', { name: 'Full name' }).fill('  Ana Pérez ');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Check your email to confirm your account' })).toBeVisible();
      await expectAccessible(page);
      await page.goto(await confirmationLink(email));
      await page.getByRole('link', { name: 'Continue' }).click();
      await expect(page).toHaveURL(home);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(role === 'jobseeker' ? 'Welcome, Ana!' : 'Welcome, Ana Pérez!');
    });
  }

  test('the role is a native choice with none made for the person, and only an employer is asked for a company', async ({ page }) => {
    await page.goto('/signup');
    await waitForHydration(page);
    const seeker = page.getByRole('radio', { name: 'Job Seeker' });
    const employer = page.getByRole('radio', { name: 'Employer' });
    await expect(seeker).not.toBeChecked();
    await expect(employer).not.toBeChecked();
    await expect(page.locator('input[type="radio"][name="role"]')).toHaveCount(2);
    await employer.check();
    await expect(page.getByRole('textbox', { name: 'Company name' })).toBeVisible();
    await expectAccessible(page);
    await seeker.check();
    await expect(page.getByRole('textbox', { name: 'Company name' })).toBeHidden();
  });

  test('with a forged admin role shows the spec alert and creates nothing', async ({ page }) => {
    await page.goto('/signup?role=admin');
    const email = uniqueEmail('forger');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Admin accounts must be created manually.' })).toBeVisible();
    await expectAccessible(page);
    await expect(page).toHaveURL(/\/signup/);
    await logIn(page, email);
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  });
});

test.describe('log in and out', () => {
  test('an employer lands on /employer/home, a job seeker on /job-seeker/home', async ({ page, browser }) => {
    const employer = await signUpViaApi(page, 'employer');
    await page.context().clearCookies();
    await logIn(page, employer.email);
    await expect(page).toHaveURL('/employer/home');

    const other = await browser.newPage();
    const seeker = await signUpViaApi(other, 'jobseeker');
    await other.context().clearCookies();
    await logIn(other, seeker.email);
    await expect(other).toHaveURL('/job-seeker/home');
    await other.close();
  });

  test('an admin lands on /admin, signed in as an admin', async ({ page }) => {
    await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL('/admin');
    // Signed in (the menu offers Log Out, not Log In) and known as an admin: the brand and Home lead
    // to the admin's home. The admin dashboard itself is not built yet; these fail if the login did not work.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('button', { name: 'Log Out' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Log In' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/admin');
    await expect(page.getByRole('link', { name: 'CaribConnect' }).first()).toHaveAttribute('href', '/admin');
    expect((await (await page.request.get('/api/me')).json()).user).toMatchObject({ email: E2E_ADMIN.email, role: 'admin' });
  });

  // Muted was the only role the app did not route; it now routes by the role the person had
  // (decision 0026). The unknown-role alert stays for roles no API can set.
  test('a muted person is not told their role is unknown: their home and brand link are the role they had', async ({ page, playwright, baseURL }) => {
    const { email, id } = await signUpViaApi(page, 'jobseeker');
    await page.context().clearCookies();
    const admin = await adminRequest(playwright.request, baseURL!);
    expect((await admin.patch(`/api/admin/users/${id}/role`, { data: { role: 'muted' } })).status()).toBe(200);
    await admin.dispose();
    await logIn(page, email);
    await expect(page).toHaveURL('/job-seeker/home');
    await expect(page.getByRole('link', { name: 'CaribConnect' }).first()).toHaveAttribute('href', '/job-seeker/home');
    await expect(page.getByText('Your account is muted: you can read but not post. Please contact support.')).toBeVisible();
    await expect(page.getByText('Unknown role. Please contact support.')).toHaveCount(0);
  });

  test('a wrong password shows the auth message', async ({ page }) => {
    const { email } = await signUpViaApi(page, 'jobseeker');
    await page.context().clearCookies();
    await page.goto('/login');
    await expectAccessible(page);
    await logIn(page, email, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL('/login');
  });

  test("server errors arrive as codes and show in the reader's language", async ({ page }) => {
    const { email } = await signUpViaApi(page, 'jobseeker');
    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('alert')).toHaveText('Correo electrónico o contraseña no válidos');
    // And the shared schema's messages too.
    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill('not-an-email');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByText('Introduce una dirección de correo electrónico válida.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  });

  test('log out from the menu ends the session and goes to /', async ({ page }) => {
    await signUpViaApi(page, 'jobseeker');
    await page.goto('/faq');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL('/');
    const me = await page.request.get('/api/me');
    expect((await me.json()).user).toBeNull();
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Log In' })).toBeVisible();
  });

  test('/logout signs out', async ({ page }) => {
    await signUpViaApi(page, 'employer');
    await page.goto('/logout');
    await expect(page).toHaveURL('/');
    expect((await (await page.request.get('/api/me')).json()).user).toBeNull();
  });
});

test('an unknown page shows page-not-found with a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  await expectAccessible(page);
});

test.describe('focus after a navigation', () => {
  test("moves to the new page's heading, from a link or the keyboard, and not on the first load", async ({ page }) => {
    await page.goto('/jobs');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).not.toBeFocused();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Log In' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeFocused();
    // A key press hands focus over to the person: from then on it goes where they move it.
    await page.keyboard.press('Tab');
    await nav.getByRole('link', { name: 'Sign Up' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeFocused();
    // Back is a navigation too.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeFocused();
  });
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the menu button opens the navigation, signed out and signed in', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('link', { name: 'Browse Jobs' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    await signUpViaApi(page, 'employer');
    await page.goto('/faq');
    await page.getByRole('button', { name: 'Open menu' }).click();
    for (const name of ['Home', 'My Profile', 'Inbox', 'Search Users', 'Feedback', 'FAQ', 'Log Out']) {
      await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole(name === 'Log Out' ? 'button' : 'link', { name, exact: true })).toBeVisible();
    }
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL('/employer/dashboard');
    // The closing drawer does not take the focus back to its button: it stays on the new page's heading.
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
