import { deflateSync } from 'node:zlib';
import { expect, expectAccessible, PASSWORD, signUpViaApi, test } from './fixtures';

/** A real, valid PNG of one colour (so the server's content check accepts it). */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.describe('public pages', () => {
  test('welcome page: tagline, offers and links', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'CaribConnect' })).toBeVisible();
    await expect(page.getByText('connecting job seekers, employers and service providers across the Caribbean', { exact: true })).toBeVisible();
    for (const offer of ['Job listings and search', 'Easy job and ad posting', 'Business promotion', 'Direct messaging', 'Profiles with user directories']) {
      await expect(page.getByRole('heading', { name: offer })).toBeVisible();
    }
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Browse Jobs' })).toHaveAttribute('href', '/jobs');
    await expect(main.getByRole('link', { name: 'Sign Up', exact: true })).toHaveAttribute('href', '/signup');
    await expect(main.getByRole('link', { name: 'Log In', exact: true })).toHaveAttribute('href', '/login');
    await expect(main.getByRole('link', { name: 'Feedback' })).toHaveAttribute('href', '/feedback');
    await expect(main.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    await expect(main.getByRole('link', { name: 'Terms & Privacy Policy' })).toHaveAttribute('href', '/terms');
    await expectAccessible(page);

    await main.getByRole('link', { name: 'Terms & Privacy Policy' }).click();
    await expect(page).toHaveURL('/terms');
    await expect(page.getByRole('heading', { name: 'Terms & Conditions', exact: true })).toBeVisible();
  });

  test('welcome page fits a 360 px phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'CaribConnect' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page);
  });

  test('FAQ has three questions, including video ads', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
    const questions = page.getByRole('button', { name: /\?$/ });
    await expect(questions).toHaveCount(3);
    await page.getByRole('button', { name: 'How do video ads work?' }).click();
    await expect(page.getByText('Video ads show a preview on the ad card and can be watched by opening the ad.')).toBeVisible();
    await expectAccessible(page);
  });

  test('About has mission, what we offer and why', async ({ page }) => {
    await page.goto('/about');
    for (const heading of ['About CaribConnect', 'Our mission', 'What we offer', 'Why CaribConnect']) {
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(page.getByRole('listitem').filter({ hasText: 'Direct messaging' })).toBeVisible();
    await expectAccessible(page);
  });

  test('Terms & Conditions and Privacy Policy', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms & Conditions and Privacy Policy' })).toBeVisible();
    for (const heading of [
      'Use of the app',
      'User responsibilities',
      'Account deletion',
      'Changes to these terms',
      'Data we collect',
      'How we use it',
      'How we protect it',
      'Policy updates',
    ]) {
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(page.getByText(/fraudulent or offensive content may lead to the suspension or removal/)).toBeVisible();
    await expect(page.getByText(/name, email, phone number, resume and profile/)).toBeVisible();
    await expect(page.getByText(/We do not sell it or share it/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'support@caribconnect.local' })).toHaveAttribute('href', 'mailto:support@caribconnect.local');
    await expectAccessible(page);
  });
});

test.describe('feedback', () => {
  test('empty message is refused; a message is submitted and the form cleared', async ({ page }) => {
    await page.goto('/feedback');
    await expect(page.getByRole('heading', { name: 'Submit Feedback' })).toBeVisible();
    await expectAccessible(page);
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.fill('   ');
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(page.getByText('Message cannot be empty.')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('textbox', { name: 'Name' }).fill('Ana from Curaçao');
    await message.fill('The job search works great on my phone.');
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(page.getByText('Feedback submitted successfully!')).toBeVisible();
    await expect(message).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  test('a dropped connection shows Submission failed with the reason', async ({ page }) => {
    await page.goto('/feedback');
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello');
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(page.getByRole('alert')).toHaveText('Submission failed: You are offline. Please try again once you are connected.');
    await page.context().setOffline(false);
  });
});

test.describe('homes', () => {
  test('job seeker home greets by first name with the spec buttons', async ({ page }) => {
    await signUpViaApi(page, 'jobseeker', 'Marie Joseph');
    await page.goto('/job-seeker/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Marie!' })).toBeVisible();
    const main = page.getByRole('main');
    for (const [name, href] of [
      ['Browse Ads', '/browse-ads'],
      ['Post an Ad', '/post-ad'],
      ['Browse Jobs', '/jobs'],
      ['My Applications', '/my-applications'],
      ['My Profile', '/profile'],
      ['Build Resume', '/resume-builder'],
      ['My Interviews', '/my-interviews'],
      ['Log Out', '/logout'],
    ]) {
      await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expectAccessible(page);
    await main.getByRole('link', { name: 'My Profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Marie Joseph' })).toBeVisible();
  });

  test('employer home greets by name, links and shows the consultant note', async ({ page }) => {
    await signUpViaApi(page, 'employer', 'Bay Resorts Ltd');
    await page.goto('/employer/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Bay Resorts Ltd!' })).toBeVisible();
    const main = page.getByRole('main');
    for (const href of ['/browse-ads', '/post-ad', '/post-job', '/jobs', '/employer/dashboard']) {
      await expect(main.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    await expect(main.getByRole('link', { name: 'Hire a Consultant' })).toHaveAttribute('href', '/hire-consultant');
    await expect(page.getByText('Consultant services coming soon.')).toBeVisible();
    await expectAccessible(page);
  });

  test('greetings fall back when the name is empty', async ({ page, browser }) => {
    await signUpViaApi(page, 'jobseeker', '');
    await page.goto('/job-seeker/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, User!' })).toBeVisible();
    await page.goto('/consultant/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Consultant!' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Consultant Dashboard' })).toHaveAttribute('href', '/consultant-dashboard');
    await expect(page.getByRole('main').locator('a[href="/consultant-profile"]')).toHaveCount(1);
    await expectAccessible(page);

    const other = await browser.newPage();
    await signUpViaApi(other, 'employer', '');
    await other.goto('/employer/home');
    await expect(other.getByRole('heading', { level: 1, name: 'Welcome, Employer!' })).toBeVisible();
    await other.close();
  });

  test('signed-out visitors to a home are asked to log in, and come back after', async ({ page }) => {
    for (const path of ['/job-seeker/home', '/employer/home', '/consultant/home']) {
      await page.goto(path);
      await expect(page.getByText('Please log in to see your home page.')).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Log In' })).toHaveAttribute('href', `/login?returnTo=${encodeURIComponent(path)}`);
    }
    await expectAccessible(page);
    const { email } = await signUpViaApi(page, 'jobseeker', 'Marie Joseph');
    await page.context().clearCookies();
    await page.goto('/job-seeker/home');
    await page.getByRole('main').getByRole('link', { name: 'Log In' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Marie!' })).toBeVisible();
  });
});

test.describe('profile', () => {
  test('the owner edits and saves; cancel restores the values', async ({ page }) => {
    await signUpViaApi(page, 'jobseeker', 'Marie Joseph');
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Marie Joseph' })).toBeVisible();
    // Empty fields read N/A; the owner sees their own email.
    await expect(page.getByRole('definition').filter({ hasText: 'N/A' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /@example\.com$/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View My Resume' })).toHaveAttribute('href', '/view-resume');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Profile' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'Full name' }).fill('Marie-Claire Joseph');
    await page.getByRole('textbox', { name: 'Phone' }).fill('+509 3456 7890');
    await page.getByRole('combobox', { name: 'Country' }).fill('Haiti');
    await page.getByRole('textbox', { name: 'About' }).fill('Bookkeeper in Port-au-Prince.');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Marie-Claire Joseph' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
    await expect(page.getByText('Haiti', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: '+509 3456 7890' })).toBeVisible();
    await expect(page.getByText('Bookkeeper in Port-au-Prince.')).toBeVisible();

    // The greeting reads the saved name too (['me'] was invalidated).
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Marie-Claire!' })).toBeVisible();

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByRole('textbox', { name: 'Full name' }).fill('Somebody Else');
    await page.getByRole('combobox', { name: 'Country' }).fill('Cuba');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Marie-Claire Joseph' })).toBeVisible();
    await expect(page.getByText('Haiti', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Marie-Claire Joseph');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Marie-Claire Joseph' })).toBeVisible();
  });

  test('a failed save shows the spec message and stays in edit mode', async ({ page }) => {
    await signUpViaApi(page, 'jobseeker', 'Marie Joseph');
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByRole('textbox', { name: 'Full name' }).fill('New Name');
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to update profile.');
    await expectAccessible(page);
    await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('New Name');
    await page.context().setOffline(false);
  });

  test('avatar: a real PNG uploads and shows; it enlarges and closes with Escape', async ({ page }) => {
    await signUpViaApi(page, 'jobseeker', 'Marie Joseph');
    await page.goto('/profile');
    await expect(page.getByRole('img', { name: 'Profile photo of Marie Joseph' })).toHaveText('MJ');
    await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: solidPng(64, 64, [11, 114, 133]) });
    await expect(page.getByText('Profile photo updated.')).toBeVisible();
    const avatar = page.getByRole('img', { name: 'Profile photo of Marie Joseph' });
    await expect(avatar).toHaveAttribute('src', /\/api\/files\/avatars\/.+\.png/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);

    await page.getByRole('button', { name: 'Enlarge profile photo of Marie Joseph' }).click();
    const dialog = page.getByRole('dialog', { name: 'Profile photo of Marie Joseph' });
    await expect(dialog.getByRole('img', { name: 'Profile photo of Marie Joseph' })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // A click on the enlarged photo closes it too.
    await page.getByRole('button', { name: 'Enlarge profile photo of Marie Joseph' }).click();
    await dialog.getByRole('img', { name: 'Profile photo of Marie Joseph' }).click();
    await expect(dialog).toBeHidden();

    await page.reload();
    await expect(page.getByRole('img', { name: 'Profile photo of Marie Joseph' })).toHaveAttribute('src', /\/api\/files\/avatars\//);
  });

  test('avatar: a non-image is refused with Avatar upload failed.', async ({ page }) => {
    await signUpViaApi(page, 'jobseeker', 'Marie Joseph');
    await page.goto('/profile');
    // The chooser offers what the server takes, and the field says it (and the cap).
    await expect(page.locator('input[type="file"]')).toHaveAttribute('accept', /^image\/jpeg,image\/png,image\/webp,image\/gif,/);
    await expect(page.getByText('JPEG, PNG, WebP or GIF, up to 5 MB')).toBeVisible();
    // Named and typed as a PNG, but HTML inside: the server checks the content and refuses it.
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'evil.png', mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
    await expect(page.getByRole('alert')).toContainText('Avatar upload failed.');
    await expectAccessible(page);
    // A plain text file never leaves the browser.
    await page.locator('input[type="file"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByRole('alert')).toContainText('Avatar upload failed.');
    await expect(page.getByRole('alert')).toContainText('This type of file is not accepted here. Use JPEG, PNG, WebP or GIF.');
    await expect(page.getByRole('img', { name: 'Profile photo of Marie Joseph' })).toHaveText('MJ');
  });

  test("another user's profile has no edit controls; anonymous visitors see Log In to Connect", async ({ page, browser }) => {
    const owner = await signUpViaApi(page, 'employer', 'Bay Resorts Ltd');
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByRole('combobox', { name: 'Country' }).fill('Jamaica');
    await page.getByRole('textbox', { name: 'Phone' }).fill('876-555-0100');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();

    // axe needs pages of their own context.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signUpViaApi(other, 'jobseeker', 'Marie Joseph');
    await other.goto(`/profile/${owner.id}`);
    await expect(other.getByRole('heading', { level: 1, name: 'Bay Resorts Ltd' })).toBeVisible();
    await expect(other.getByText('Jamaica', { exact: true })).toBeVisible();
    await expect(other.getByRole('link', { name: owner.email })).toBeVisible();
    await expect(other.getByRole('button', { name: 'Edit Profile' })).toHaveCount(0);
    await expect(other.getByRole('button', { name: /Upload Photo|Change Photo/ })).toHaveCount(0);
    await expect(other.locator('input[type="file"]')).toHaveCount(0);
    await expect(other.getByRole('link', { name: 'Log In to Connect' })).toHaveCount(0);
    await expectAccessible(other);
    await otherContext.close();

    const anonymousContext = await browser.newContext();
    const anonymous = await anonymousContext.newPage();
    await anonymous.goto(`/profile/${owner.id}`);
    await expect(anonymous.getByRole('heading', { level: 1, name: 'Bay Resorts Ltd' })).toBeVisible();
    await expect(anonymous.getByText('Jamaica', { exact: true })).toBeVisible();
    await expect(anonymous.getByText(owner.email)).toHaveCount(0);
    await expect(anonymous.getByText('876-555-0100')).toHaveCount(0);
    await expect(anonymous.getByRole('button', { name: 'Edit Profile' })).toHaveCount(0);
    await expectAccessible(anonymous);
    await anonymous.getByRole('link', { name: 'Log In to Connect' }).click();
    await expect(anonymous).toHaveURL('/login');
    await anonymousContext.close();
  });

  test('an unknown id shows Profile not found. with Go Home; /profile signed out asks to log in', async ({ page }) => {
    await page.goto('/profile/no-such-user');
    await expect(page.getByText('Profile not found.')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('main').getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL('/');

    await page.goto('/profile');
    await expect(page.getByText('Please log in to see and edit your profile.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login?returnTo=%2Fprofile');
  });

  test.describe('on a slow link', () => {
    // Chromium's network emulation slows the page's own requests, not its service worker's: without
    // the worker, the emulated link is what the screen waits for.
    test.use({ serviceWorkers: 'block' });
    test('on a slow network shows Loading profile...; offline, a screen never opened says so, with Go Home', async ({ page }) => {
      await signUpViaApi(page, 'employer', 'Bay Resorts Ltd');
      await page.goto('/faq');
      // A phone on a slow link: every request takes over a second.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 1500, downloadThroughput: 50_000, uploadThroughput: 20_000 });
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My Profile' }).click();
      // Cold, each request 1.5 s away: the screen's chunks, then its catalog, then its data, one after another.
      await expect(page.getByText('Loading profile...')).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('heading', { level: 1, name: 'Bay Resorts Ltd' })).toBeVisible({ timeout: 15_000 });
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

      await page.goto(`/faq`);
      await page.context().setOffline(true);
      // A screen never opened: its code is not on the device (the profile's would be, in memory).
      await page.evaluate(() => {
        window.history.pushState({}, '', '/employer/interviews');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('main').getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
      await page.context().setOffline(false);
    });
  });
});
