import sharp from 'sharp';
import { E2E_ADMIN, expect, expectAccessible, logIn, signUpViaApi, test, shoot } from './fixtures';
import { pickOption, token } from './jobs-helpers';

test.describe('consultants', () => {
  test('a job seeker becomes a consultant; someone finds, contacts and reviews them; the consultant sees the request and the rating', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const tag = token('kb');
    const name = `Keisha ${tag}`;
    const consultant = await signUpViaApi(page, 'jobseeker', name);

    // Complete Your Consultant Profile, with a photo.
    await page.goto('/consultant-profile');
    await expect(page.getByRole('heading', { name: 'Complete Your Consultant Profile' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(consultant.email);
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly', '');
    await expectAccessible(page);
    await shoot(page, 'consultants-setup');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText('Contact info is required.')).toBeVisible();
    await expect(page.getByText('Phone is required.')).toBeVisible();
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#0a7d5a' } })
      .jpeg()
      .toBuffer();
    await page.locator('input[type="file"]').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByText('Chosen: me.jpg')).toBeVisible();
    await page.getByRole('textbox', { name: 'Contact Info' }).fill('WhatsApp +1 246 555 0101');
    await pickOption(page, 'Country', 'Barbados', 'Barb');
    await pickOption(page, 'Specialty', 'Legal');
    await page.getByRole('textbox', { name: 'Phone' }).fill('+1 246 555 0101');
    await page.getByRole('button', { name: 'Save Profile' }).click();

    await expect(page).toHaveURL('/consultant-dashboard');
    await expect(page.getByRole('heading', { name: 'Consultant Dashboard' })).toBeVisible();
    await expect(page.getByRole('heading', { name: `Welcome, ${name}!` })).toBeVisible();
    await expect(page.getByText('No new client requests')).toBeVisible();
    await expect(page.getByText('No reviews yet')).toBeVisible();
    const avatar = page.getByRole('img', { name: `Photo of ${name}` });
    await expect(avatar).toHaveAttribute('src', /\/api\/files\/consultants\/.+\.webp$/);
    await expectAccessible(page);
    await shoot(page, 'consultants-dashboard');

    // Edit from the dashboard: both phone and bio, prefilled; Cancel and Save return to the overview.
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Consultant Profile' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Contact Info' })).toHaveValue('WhatsApp +1 246 555 0101');
    await expectAccessible(page);
    await shoot(page, 'consultants-edit');
    await page.getByRole('textbox', { name: 'Short Bio' }).fill('Leases, wills and small-business contracts.');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText('Leases, wills and small-business contracts.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit' })).toBeFocused();

    // Both setup screens send someone with a record to the dashboard.
    await page.goto('/consultant-form');
    await expect(page).toHaveURL('/consultant-dashboard');

    // Logging in again lands on the consultant home.
    await page.context().clearCookies();
    await logIn(page, consultant.email);
    await expect(page).toHaveURL('/consultant/home');
    await expect(page.getByRole('heading', { name: `Welcome, ${name}!` })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Consultant Dashboard' })).toHaveAttribute('href', '/consultant-dashboard');
    await expect(page.getByRole('main').getByRole('link', { name: 'My Consultant Profile' })).toHaveAttribute('href', '/consultant-profile');
    await expectAccessible(page);
    await shoot(page, 'consultants-home');

    // Someone else finds them on Hire a Consultant by specialty and country.
    const clientContext = await browser.newContext({ baseURL });
    const client = await clientContext.newPage();
    await signUpViaApi(client, 'employer', 'Andre Thomas');
    await client.goto('/hire-consultant');
    await expect(client.getByRole('heading', { name: 'Hire a Consultant' })).toBeVisible();
    await pickOption(client, 'Specialty', 'Legal');
    await expect(client).toHaveURL(/specialty=Legal/);
    await pickOption(client, 'Country', 'Barbados', 'Barb');
    await expect(client).toHaveURL(/country=Barbados/);
    await client.getByRole('searchbox', { name: 'Search by name or specialty' }).fill(tag);
    await expect(client).toHaveURL(new RegExp(`q=${tag}`));
    const card = client.getByRole('article', { name });
    await expect(card).toBeVisible();
    await expect(client.getByRole('article')).toHaveCount(1);
    await expect(card.getByText('No reviews yet')).toBeVisible();
    await expect(card.getByText(consultant.email)).toBeVisible();
    await expect(card.getByRole('link', { name: `Message ${name}` })).toHaveAttribute('href', `/inbox?user=${consultant.id}`);
    await expect(card.getByRole('link', { name: `View Profile of ${name}` })).toHaveAttribute('href', `/profile/${consultant.id}`);
    // A signed-in reader can report the card from the list too.
    await expect(card.getByRole('button', { name: `Report consultant card: ${name}` })).toBeVisible();
    await expectAccessible(client);
    await shoot(client, 'consultants-hire');

    // Contact a Consultant: the form is cleared on success.
    await card.getByRole('button', { name: `Contact ${name}` }).click();
    const dialog = client.getByRole('dialog', { name: `Contact ${name}` });
    await expect(dialog.getByRole('textbox', { name: 'Your Full Name' })).toHaveValue('Andre Thomas');
    await dialog.getByRole('textbox', { name: 'Phone Number' }).fill('+1 246 555 0199');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Please review my lease <b>today</b>.');
    await expectAccessible(client);
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await expect(dialog.getByText('Request submitted successfully.')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    await expect(dialog.getByRole('textbox', { name: 'Your Full Name' })).toHaveValue('');
    await shoot(client, 'consultants-contact');
    await client.keyboard.press('Escape');

    // The profile shows the specialty line; the person who asked leaves a review there.
    await card.getByRole('link', { name: `View Profile of ${name}` }).click();
    await expect(client).toHaveURL(`/profile/${consultant.id}`);
    await expect(client.getByText('Legal', { exact: true }).first()).toBeVisible();
    await expect(client.getByRole('heading', { name: 'Leave a review' })).toBeVisible();
    // Before the first review the profile says so once, in the reviews list.
    await expect(client.getByRole('region', { name: 'Consultant services' }).getByText('No reviews yet')).toHaveCount(1);
    // The radio itself is visually hidden; a person clicks its star (the label).
    const fourStars = await client.getByRole('radio', { name: '4 stars' }).getAttribute('id');
    await client.locator(`label[for="${fourStars}"]`).click();
    await expect(client.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await client.getByRole('textbox', { name: 'Your review' }).fill('Clear advice, quick answers.');
    await expectAccessible(client);
    await client.getByRole('button', { name: 'Submit Review' }).click();
    await expect(client.getByText('Thank you! Your review is saved.')).toBeVisible();
    const services = client.getByRole('region', { name: 'Consultant services' });
    await expect(services.getByText('4.0 / 5')).toBeVisible();
    await expect(services.getByText('(1 review)')).toBeVisible();
    await expect(services.getByText('Clear advice, quick answers.')).toBeVisible();
    await expect(client.getByRole('heading', { name: 'Leave a review' })).toBeHidden();
    await shoot(client, 'consultants-profile');

    // The consultant sees the request and the new rating.
    await page.goto('/consultant-dashboard');
    await expect(page.getByText('1 new client request')).toBeVisible();
    await expect(page.getByText('4.0 / 5')).toBeVisible();
    await page.getByRole('link', { name: 'View client requests' }).click();
    await expect(page).toHaveURL('/consultant/client-requests');
    await expect(page.getByRole('heading', { name: 'Client Requests' })).toBeVisible();
    const request = page.getByRole('article', { name: 'Andre Thomas' });
    await expect(request.getByText('Please review my lease <b>today</b>.')).toBeVisible();
    await expect(request.getByText('+1 246 555 0199')).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'consultants-my-requests');
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await expect(page.getByText('No new client requests')).toBeVisible();

    // Only admins see every request.
    await client.goto('/client-requests');
    await expect(client.getByText('Only administrators can view all client requests.')).toBeVisible();
    await clientContext.close();
  });

  test('anonymous visitors browse consultants and are asked to log in to contact one; the all-requests list is for admins', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const tag = token('mj');
    const consultantContext = await browser.newContext({ baseURL });
    const setup = await consultantContext.newPage();
    const name = `Marie ${tag}`;
    await signUpViaApi(setup, 'jobseeker', name);
    const saved = await setup.request.fetch('/api/consultants/me', {
      method: 'PUT',
      headers: { origin: new URL(baseURL!).origin },
      multipart: {
        fullName: name,
        contactInfo: 'Office: Port of Spain',
        country: 'Trinidad and Tobago',
        specialty: 'Finance',
        bio: 'Tax returns and payroll.',
      },
    });
    expect(saved.status(), await saved.text()).toBe(201);
    await consultantContext.close();

    await page.goto(`/consultants?q=${tag}`);
    await expect(page.getByRole('heading', { name: 'Find a Consultant' })).toBeVisible();
    const card = page.getByRole('article', { name });
    await expect(card.getByText('Tax returns and payroll.')).toBeVisible();
    await expect(card.getByText('Office: Port of Spain')).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'consultants-find');
    await card.getByRole('button', { name: `Contact ${name}` }).click();
    await expect(page.getByRole('dialog').getByText('Please log in to contact a consultant.')).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Log In' })).toHaveAttribute('href', /\/login\?returnTo=/);
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    await page.goto('/consultants?q=nobody-matches-this');
    await expect(page.getByText('No consultants found.')).toBeVisible();

    await page.goto('/client-requests');
    await expect(page.getByText('You must be signed in to view client requests.')).toBeVisible();
    await expectAccessible(page);
    await page.goto('/consultant-dashboard');
    await expect(page.getByText('Please log in to see your consultant dashboard.')).toBeVisible();

    // A signed-in person without a record.
    await signUpViaApi(page, 'jobseeker');
    await page.goto('/consultant-dashboard');
    await expect(page.getByText('No consultant profile found.')).toBeVisible();
    await expectAccessible(page);
    await page.goto('/consultant/client-requests');
    await expect(page.getByText('No client requests yet.')).toBeVisible();
    await page.goto('/consultant-form');
    await expect(page.getByRole('heading', { name: 'Complete Consultant Profile' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Short Bio' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveCount(0);
    await expectAccessible(page);
    await shoot(page, 'consultants-setup-bio');

    await page.context().clearCookies();
    await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL('/admin');
    await page.goto('/client-requests');
    await expect(page.getByRole('heading', { name: 'All Client Requests' })).toBeVisible();
    await expect(page.getByText(/No requests found\.|To /).first()).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'consultants-all-requests');
  });
});
