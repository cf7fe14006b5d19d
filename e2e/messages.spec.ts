import type { Page } from '@playwright/test';
import { adminRequest, expect, expectAccessible, originOf, signUpViaApi, streamReady, test, watchStream } from './fixtures';
import { token } from './jobs-helpers';

/** Sends through the API as the page's signed-in person (the UI's composer is covered by the first journey). */
async function sendViaApi(page: Page, recipientId: string, message: string) {
  const res = await page.request.post('/api/messages', { data: { recipientId, message }, headers: { origin: originOf(page) } });
  expect(res.status(), await res.text()).toBe(201);
}

const inboxLink = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /^Inbox/ });
const chatLog = (page: Page) => page.getByRole('log', { name: 'Messages' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

test.describe('messages', () => {
  test('two people message each other in real time; read state, unread badge and deletion follow', async ({ page: ana, browser, baseURL }) => {
    test.setTimeout(90_000);
    const tag = token('msg');
    const benContext = await browser.newContext({ baseURL });
    const ben = await benContext.newPage();
    const a = await signUpViaApi(ana, 'jobseeker', `Ana ${tag}`);
    const b = await signUpViaApi(ben, 'employer', `Ben ${tag}`);

    await ben.goto('/inbox');
    await expect(ben.getByText('Select a conversation to begin')).toBeVisible();
    await expectAccessible(ben);

    // Ana starts the conversation from /inbox?user=….
    await ana.goto(`/inbox?user=${b.id}`);
    await expect(ana.getByRole('heading', { name: `Ben ${tag}` })).toBeVisible();
    await expect(ana.getByText('No messages yet. Say hello!')).toBeVisible();
    await expectAccessible(ana);
    await composer(ana).fill('   ');
    await composer(ana).press('Enter');
    await composer(ana).fill('  Hello Ben <b>not bold</b>  ');
    await composer(ana).press('Enter');
    await expect(chatLog(ana).getByText('Hello Ben <b>not bold</b>', { exact: true })).toBeVisible();
    await expect(composer(ana)).toHaveValue('');
    await expect(chatLog(ana).locator('[data-mine]')).toHaveCount(1);

    // Ben sees it arrive without reloading: in the list, with the unread count, on two tabs.
    const benTab2 = await benContext.newPage();
    await benTab2.goto('/jobs');
    for (const tab of [ben, benTab2]) await expect(inboxLink(tab)).toContainText('1 unread message');
    const row = ben.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: new RegExp(`Ana ${tag}`) });
    await expect(row).toContainText('Hello Ben <b>not bold</b>');
    await expect(row).toContainText('1 unread message');
    await expectAccessible(ben);

    // Opening it marks it read: the badge goes on both of Ben's tabs, and Ana sees "Read".
    await row.click();
    await expect(chatLog(ben).getByText('Hello Ben <b>not bold</b>')).toBeVisible();
    for (const tab of [ben, benTab2]) await expect(inboxLink(tab)).not.toContainText('unread');
    await expect(chatLog(ana).getByText('Read')).toBeVisible();

    // Shift+Enter is a new line, Enter sends; Ana gets it live.
    await composer(ben).fill('Line one');
    await composer(ben).press('Shift+Enter');
    await composer(ben).pressSequentially('Line two');
    await composer(ben).press('Enter');
    await expect(chatLog(ana).getByText(/Line one\s+Line two/)).toBeVisible();
    await expect(chatLog(ben).locator('[data-mine]')).toHaveCount(1);

    // Ben deletes his copy; Ana keeps hers.
    await ben.getByRole('button', { name: 'Delete conversation' }).click();
    const dialog = ben.getByRole('dialog');
    await expect(dialog.getByText('Delete this conversation?')).toBeVisible();
    await expectAccessible(ben);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(ben.getByText('Conversation deleted.')).toBeVisible();
    await expect(ben).toHaveURL('/inbox');
    await expect(ben.getByRole('link', { name: new RegExp(`Ana ${tag}`) })).toHaveCount(0);
    await ana.reload();
    await expect(chatLog(ana).getByText('Hello Ben <b>not bold</b>', { exact: true })).toBeVisible();
    await expect(chatLog(ana).getByText(/Line one\s+Line two/)).toBeVisible();

    // A new message brings the conversation back for Ben, with only what is new.
    await sendViaApi(ana, b.id, 'Are you still there?');
    await expect(ben.getByRole('link', { name: new RegExp(`Ana ${tag}`) })).toContainText('Are you still there?');
    await ben.getByRole('link', { name: new RegExp(`Ana ${tag}`) }).click();
    await expect(chatLog(ben).getByText('Are you still there?')).toBeVisible();
    await expect(chatLog(ben).getByText('Hello Ben', { exact: false })).toHaveCount(0);
    expect(a.id).not.toBe(b.id);
    await benContext.close();
  });

  test('the unread badge follows a moderator holding back and restoring a message, without a reload', async ({ page, browser, baseURL, playwright }) => {
    const tag = token('held');
    const otherContext = await browser.newContext({ baseURL });
    const other = await otherContext.newPage();
    const me = await signUpViaApi(page, 'jobseeker', `Hana ${tag}`);
    await signUpViaApi(other, 'employer', `Vic ${tag}`);
    const sent = await other.request.post('/api/messages', {
      data: { recipientId: me.id, message: 'Pay the fee first' },
      headers: { origin: originOf(other) },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const messageId = (await sent.json()).id as string;
    const reported = await page.request.post('/api/reports', {
      data: { itemType: 'message', itemId: messageId, reason: 'scam' },
      headers: { origin: originOf(page) },
    });
    expect(reported.status(), await reported.text()).toBe(201);

    // The count is read once (1); from here on only the stream can change it.
    await watchStream(page);
    await page.goto('/jobs');
    await expect(inboxLink(page)).toContainText('1 unread message');
    await streamReady(page);
    const admin = await adminRequest(playwright.request, baseURL!);
    expect((await admin.post(`/api/admin/moderation/message/${messageId}/remove`, { data: { message: 'Scam.' } })).status()).toBe(200);
    await expect(inboxLink(page)).not.toContainText('unread');
    expect((await admin.post(`/api/admin/moderation/message/${messageId}/restore`, { data: {} })).status()).toBe(200);
    await expect(inboxLink(page)).toContainText('1 unread message');
    await admin.dispose();
    await otherContext.close();
  });

  test('a phone shows the list or the chat, with a way back', async ({ page, browser, baseURL }) => {
    // Two sign-ups and two accessibility checks: over the default 20 s on a loaded CI machine.
    test.setTimeout(60_000);
    const tag = token('phone');
    await page.setViewportSize({ width: 360, height: 740 });
    const otherContext = await browser.newContext({ baseURL });
    const other = await otherContext.newPage();
    const me = await signUpViaApi(page, 'jobseeker', `Pia ${tag}`);
    await signUpViaApi(other, 'jobseeker', `Oli ${tag}`);
    await sendViaApi(other, me.id, 'Hi from a phone');
    await page.goto('/inbox');
    const row = page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: new RegExp(`Oli ${tag}`) });
    await expect(row).toBeVisible();
    await expect(page.getByText('Select a conversation to begin')).toBeHidden();
    await expectAccessible(page);
    await row.click();
    await expect(chatLog(page).getByText('Hi from a phone')).toBeVisible();
    await expect(row).toBeHidden();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back to conversations' }).click();
    await expect(row).toBeVisible();
    await otherContext.close();
  });

  test('older messages load as you scroll up, keeping order', async ({ page, browser, baseURL }) => {
    test.setTimeout(60_000);
    const tag = token('old');
    const otherContext = await browser.newContext({ baseURL });
    const other = await otherContext.newPage();
    const me = await signUpViaApi(page, 'jobseeker', `Ria ${tag}`);
    const sender = await signUpViaApi(other, 'jobseeker', `Tom ${tag}`);
    for (let i = 1; i <= 45; i++) await sendViaApi(other, me.id, `Note ${String(i).padStart(2, '0')}`);
    await page.goto(`/inbox?user=${sender.id}`);
    const log = chatLog(page);
    await expect(log.getByText('Note 45')).toBeVisible();
    await expect(log.getByText('Note 01')).toHaveCount(0);
    // Each scroll to the top loads one older page: scroll again until the first note is there.
    await expect(async () => {
      await log.evaluate((el) => (el.scrollTop = 0));
      await expect(log.getByText('Note 01')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    const texts = await log.locator('[class*="bubble"]').allInnerTexts();
    const notes = texts.map((x) => x.match(/Note \d+/)?.[0]);
    expect(notes).toEqual(Array.from({ length: 45 }, (_, i) => `Note ${String(i + 1).padStart(2, '0')}`));
    await otherContext.close();
  });

  test('a stream that was offline catches up when the network returns', async ({ page, browser, baseURL }) => {
    test.setTimeout(60_000);
    const tag = token('net');
    const otherContext = await browser.newContext({ baseURL });
    const other = await otherContext.newPage();
    const me = await signUpViaApi(page, 'jobseeker', `Nia ${tag}`);
    const sender = await signUpViaApi(other, 'jobseeker', `Sol ${tag}`);
    await sendViaApi(other, me.id, 'Before the tunnel');
    const streams: string[] = [];
    page.on('request', (r) => r.url().includes('/api/messages/stream') && streams.push(r.url()));
    await page.goto(`/inbox?user=${sender.id}`);
    await expect(chatLog(page).getByText('Before the tunnel')).toBeVisible();

    await page.context().setOffline(true);
    // The page has heard it is offline (and so dropped its stream) before anything is sent.
    await page.waitForFunction(() => !navigator.onLine);
    await sendViaApi(other, me.id, 'Missed one');
    await sendViaApi(other, me.id, 'Missed two');
    await page.context().setOffline(false);
    const log = chatLog(page);
    await expect(log.getByText('Missed two')).toBeVisible({ timeout: 20_000 });
    const texts = await log.locator('[class*="bubble"]').allInnerTexts();
    const order = ['Before the tunnel', 'Missed one', 'Missed two'].map((t) => texts.findIndex((x) => x.includes(t)));
    expect(order).toEqual([0, 1, 2]);
    expect(texts).toHaveLength(3);
    // It was the stream that reconnected and caught up, not a reload.
    expect(streams.length).toBeGreaterThan(1);
    await otherContext.close();
  });

  test('search users, then message one; the directory opens profiles', async ({ page, browser, baseURL }) => {
    test.setTimeout(60_000);
    const tag = token('find');
    const otherContext = await browser.newContext({ baseURL });
    const target = await signUpViaApi(await otherContext.newPage(), 'employer', `Zephyrine ${tag}`);
    const me = await signUpViaApi(page, 'jobseeker', `Quinn ${tag}`);

    await page.goto('/search-users');
    await expect(page.getByRole('heading', { name: 'Search Users' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search by name' }).fill(tag.toUpperCase());
    const card = page.getByRole('article', { name: `Zephyrine ${tag}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Employer');
    await expect(page.getByRole('article', { name: `Quinn ${tag}` })).toHaveCount(0);
    await expect(card.getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', `/profile/${target.id}`);
    await expectAccessible(page);
    await page.getByRole('searchbox', { name: 'Search by name' }).fill(`nobody-${tag}`);
    await expect(page.getByText('No users found.')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search by name' }).fill(tag);
    await page
      .getByRole('article', { name: `Zephyrine ${tag}` })
      .getByRole('link', { name: 'Message' })
      .click();

    await expect(page).toHaveURL(`/send-message?to=${target.id}`);
    await expect(page.getByRole('heading', { name: 'Send a Message' })).toBeVisible();
    await expect(page.getByText(`To: Zephyrine ${tag}`)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Message cannot be empty.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Message' }).fill('Is the position still open?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Message sent!')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    await page.getByRole('link', { name: 'Open the conversation' }).click();
    await expect(chatLog(page).getByText('Is the position still open?')).toBeVisible();

    await page.goto('/send-message');
    await expect(page.getByText('No recipient selected.')).toBeVisible();

    await page.goto('/directory');
    await expect(page.getByRole('heading', { name: 'User Directory' })).toBeVisible();
    const search = page.getByPlaceholder('Search users...');
    await search.fill(`zephyrine ${tag}`);
    const rowLink = page.getByRole('link', { name: new RegExp(`Zephyrine ${tag}`) });
    await expect(rowLink).toContainText('Role: Employer');
    await expectAccessible(page);
    await rowLink.click();
    await expect(page).toHaveURL(`/profile/${target.id}`);
    expect(me.id).not.toBe(target.id);
    await otherContext.close();
  });

  test('signed-out visitors are asked to log in', async ({ page }) => {
    for (const path of ['/inbox', '/search-users', '/directory', '/send-message?to=x']) {
      await page.goto(path);
      await expect(page.getByText('Unable to fetch current user.')).toBeVisible();
    }
    await expectAccessible(page);
  });
});
