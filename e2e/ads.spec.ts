import { expect, expectAccessible, shoot, signUpViaApi, test } from './fixtures';
import { choose, drawPng, recordWebm } from './ads-helpers';

const tag = () => Math.random().toString(36).slice(2, 8);

test.describe('classified ads', () => {
  test('a person posts an ad with a photo, finds it, opens it, edits its title and photo, and deletes it', async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    await page.goto('/ads');
    const owner = await signUpViaApi(page, 'jobseeker', 'Keisha Browne');
    const title = `Honda Fit ${tag()}`;

    // The home's Post an Ad leads to the real form.
    await page.goto('/job-seeker/home');
    await page.getByRole('link', { name: 'Post an Ad' }).click();
    await expect(page).toHaveURL('/post-ad');
    await expect(page.getByRole('heading', { name: 'Post an Ad' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Post Ad' }).click();
    await expect(page.getByText('Title is required.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Description' }).fill('Clean, one owner.\n<script>alert(1)</script>');
    await choose(page, 'Category', 'Vehicles');
    await choose(page, 'Country', 'Jamaica');
    await choose(page, 'Price', 'Price on request');
    await page.locator('input[type=file][accept^="image/"]').setInputFiles({ name: 'car.png', mimeType: 'image/png', buffer: await drawPng(page, '#1c7ed6') });
    await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Post Ad' }).click();

    // Success goes to /ads, where the new ad is the first card, with its picture.
    await expect(page).toHaveURL('/ads');
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: title, exact: true }) });
    await expect(card.getByRole('img', { name: title })).toBeVisible();
    await expect(card.getByText('Vehicles')).toBeVisible();
    await expect(card.getByRole('link', { name: `Edit ${title}` })).toBeVisible();
    const img = card.getByRole('img', { name: title });
    await expect(img).toHaveAttribute('srcset', /-small\.webp 360w, .*-card\.webp 480w$/);
    await expect(img).toHaveAttribute('sizes', /100vw/);
    await expect(img).toHaveAttribute('width', /\d+/);
    await expectAccessible(page);

    // Search and category live in the URL.
    await page.getByRole('searchbox', { name: 'Search ads' }).fill(title.toUpperCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/q=HONDA/);
    await expect(card).toBeVisible();

    // Another user sees the ad without Edit or Delete.
    const other = await browser.newContext({ baseURL });
    const otherPage = await other.newPage();
    await otherPage.goto('/ads');
    await signUpViaApi(otherPage, 'employer');
    await otherPage.goto('/browse-ads');
    const theirView = otherPage.getByRole('article').filter({ has: otherPage.getByRole('link', { name: title, exact: true }) });
    await expect(theirView).toBeVisible();
    await expect(theirView.getByRole('link', { name: /^Edit / })).toHaveCount(0);
    await expect(theirView.getByRole('button', { name: /^Delete / })).toHaveCount(0);
    await theirView.getByRole('link', { name: title, exact: true }).click();
    await expect(otherPage.getByRole('link', { name: 'Message Keisha Browne' })).toHaveAttribute('href', `/send-message?to=${owner.id}`);
    await expect(otherPage.getByRole('button', { name: /^Delete / })).toHaveCount(0);
    const adUrl = otherPage.url();
    await otherPage.goto(`${adUrl}/edit`);
    await expect(otherPage.getByText('Ad not found or access denied.')).toBeVisible();
    await other.close();

    // Detail: description shown as text, the back link goes to /browse-ads.
    await card.getByRole('link', { name: title, exact: true }).click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText('<script>alert(1)</script>')).toBeVisible();
    await expect(page.getByRole('link', { name: /Back to ads/ })).toHaveAttribute('href', '/browse-ads');
    await expectAccessible(page);

    // Edit the title and the photo.
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(page.getByRole('heading', { name: 'Edit Ad' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await expectAccessible(page);
    const oldSrc = await page.getByRole('img', { name: 'Current image' }).getAttribute('src');
    const edited = `${title} – reduced`;
    await page.getByRole('textbox', { name: 'Title' }).fill(edited);
    await page.locator('input[type=file][accept^="image/"]').setInputFiles({ name: 'car2.png', mimeType: 'image/png', buffer: await drawPng(page, '#e8590c') });
    await page.getByRole('button', { name: 'Update Ad' }).click();
    await expect(page).toHaveURL('/ads');
    const editedCard = page.getByRole('article').filter({ has: page.getByRole('link', { name: edited, exact: true }) });
    await expect(editedCard.getByRole('img', { name: edited })).toBeVisible();
    expect((await page.request.get(oldSrc!)).status()).toBe(404);

    // Delete, after confirming in a dialog.
    await editedCard.getByRole('button', { name: `Delete ${edited}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Delete this ad?')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Delete ad' }).click();
    await expect(page.getByText('Ad deleted.')).toBeVisible();
    await expect(editedCard).toHaveCount(0);
  });

  test('a video ad: the card shows the frame taken in the browser, the detail plays the video', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/ads');
    await signUpViaApi(page, 'employer', 'Bay Boats Ltd');
    const title = `Boat tour ${tag()}`;
    await page.goto('/post-ad');
    const video = await recordWebm(page);
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Description' }).fill('Sunset cruise, drinks included.');
    await choose(page, 'Category', 'Events');
    await choose(page, 'Country', 'Barbados');
    await choose(page, 'Price', 'Free');
    await page.locator('input[type=file][accept^="video/"]').setInputFiles({ name: 'tour.webm', mimeType: 'video/webm', buffer: video });
    await expect(page.getByRole('img', { name: 'Preview frame shown on the ad card' })).toBeVisible({ timeout: 10_000 });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Post Ad' }).click();
    await expect(page).toHaveURL('/ads');

    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: title, exact: true }) });
    const frame = card.getByRole('img', { name: title });
    await expect(frame).toBeVisible();
    await expect(frame).toHaveAttribute('src', /-card\.webp$/);
    await expect(card.getByText('Video ad')).toBeAttached();
    // The card never loads the video itself.
    await expect(card.locator('video')).toHaveCount(0);

    await card.getByRole('link', { name: title, exact: true }).click();
    const player = page.locator('video');
    await expect(player).toHaveAttribute('preload', 'metadata');
    await expect(player).toHaveAttribute('poster', /-detail\.webp$/);
    const src = await player.locator('source').getAttribute('src');
    const range = await page.request.get(src!, { headers: { range: 'bytes=0-99' } });
    expect(range.status()).toBe(206);
    expect(range.headers()['content-type']).toBe('video/webm');
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
    await expectAccessible(page);
  });

  test('the photo and video fields say what they take and refuse other files the moment they are chosen', async ({ page }) => {
    await signUpViaApi(page, 'jobseeker', 'Ravi Persad');
    await page.goto('/post-ad');
    await expect(page.getByText('Optional. JPEG, PNG, WebP, GIF, AVIF or HEIC, up to 5 MB. Phone photos are shrunk before sending.')).toBeVisible();
    await expect(page.getByText('Optional. MP4, WebM or MOV, up to 50 MB. A frame is taken as the preview on the ad card.')).toBeVisible();
    const image = page.locator('input[type=file][accept^="image/"]');
    await expect(image).toHaveAttribute('accept', /\.heic/);

    // Not a picture: no broken preview, the field says so before anything is sent.
    await image.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expect(page.getByRole('alert').filter({ hasText: 'This type of file is not accepted here. Use JPEG, PNG, WebP, GIF, AVIF or HEIC.' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Choose image' })).toBeVisible();
    await expectAccessible(page);

    // Past the cap (a GIF is sent as it is, not shrunk).
    await image.setInputFiles({ name: 'big.gif', mimeType: 'image/gif', buffer: Buffer.alloc(6 * 1024 * 1024) });
    await expect(page.getByRole('alert').filter({ hasText: 'This file is too large (6 MB). The limit is 5 MB.' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toHaveCount(0);

    // A good one clears the message and shows its preview.
    await image.setInputFiles({ name: 'car.png', mimeType: 'image/png', buffer: await drawPng(page, '#1c7ed6') });
    await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);

    // A picture chosen as the video.
    await page.locator('input[type=file][accept^="video/"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await drawPng(page, '#e8590c') });
    await expect(page.getByRole('alert').filter({ hasText: 'This type of file is not accepted here. Use MP4, WebM or MOV.' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Preview frame shown on the ad card' })).toHaveCount(0);
    await page.setViewportSize({ width: 360, height: 740 });
    await shoot(page, 'ads-file-checks');
  });

  test('signed out: Browse Ads works, posting asks to log in, a missing ad says so', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', { name: 'Browse Ads' }).first().click();
    await expect(page).toHaveURL('/ads');
    await expect(page.getByRole('heading', { name: 'Browse Ads' })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/post-ad');
    await expect(page.getByText('You must be logged in to post an ad.')).toBeVisible();
    await expectAccessible(page);
    await page.goto('/ads/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Ad not found.' })).toBeVisible();
    await expectAccessible(page);
  });

  test("Edit Ad opened directly at a missing ad's address says so, with a 404", async ({ page }) => {
    await signUpViaApi(page, 'jobseeker', 'Ravi Persad');
    for (const url of ['/edit-ad/00000000-0000-4000-8000-000000000000', '/ads/00000000-0000-4000-8000-000000000000/edit']) {
      const res = await page.goto(url);
      expect(res?.status(), url).toBe(404);
      await expect(page.getByRole('heading', { name: 'Edit Ad' })).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: 'Ad not found or access denied.' })).toBeVisible();
      await expect(page.getByText('The page you are looking for does not exist or has moved.')).toHaveCount(0);
    }
    await expectAccessible(page);
  });
});
