import { expect, expectAccessible, shoot, signUpViaApi, test } from './fixtures';
import { choose } from './ads-helpers';

const tag = () => Math.random().toString(36).slice(2, 8);

test.describe('ads with a price and a place', () => {
  test('a poster sells a car in Jamaica; a buyer filters by country and price range, finds it, and its page carries a Product Offer', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(150_000);
    await page.goto('/ads');
    await signUpViaApi(page, 'jobseeker', 'Devon Clarke');
    const title = `Toyota Axio ${tag()}`;

    await page.goto('/post-ad');
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Description' }).fill('2016, automatic, new tyres.');
    await choose(page, 'Category', 'Vehicles');
    // A country is required, and a price unless Free or Price on request is chosen.
    await page.getByRole('button', { name: 'Post Ad' }).click();
    await expect(page.getByText('Please choose a country.')).toBeVisible();
    await choose(page, 'Country', 'Jamaica');
    await page.getByRole('button', { name: 'Post Ad' }).click();
    await expect(page.getByText('Enter a price, or choose Free or Price on request.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Town (optional)' }).fill('Mandeville');
    // The currency follows the country.
    await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveValue('JMD');
    await page.getByRole('textbox', { name: 'Amount' }).fill('-1');
    await page.getByRole('button', { name: 'Post Ad' }).click();
    await expect(page.getByText('Enter a price of 0 or more, with at most 2 decimals.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Amount' }).fill('1200000');
    await page.getByRole('checkbox', { name: 'Negotiable' }).check();
    await expectAccessible(page);
    await shoot(page, 'listings-ads-post');
    await page.getByRole('button', { name: 'Post Ad' }).click();
    await expect(page).toHaveURL('/ads');
    const mine = page.getByRole('article').filter({ has: page.getByRole('link', { name: title, exact: true }) });
    await expect(mine.getByText(/J\$\s?1,200,000/)).toBeVisible();
    await expect(mine.getByText('Mandeville, Jamaica')).toBeVisible();

    // A buyer, not signed in, filters by country and price range.
    const buyerContext = await browser.newContext({ baseURL });
    const buyer = await buyerContext.newPage();
    await buyer.goto('/ads');
    // A page of its own context: wait for the app as the fixture's page does.
    await buyer.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await buyer.getByRole('combobox', { name: 'Country' }).selectOption('Jamaica');
    await expect(buyer).toHaveURL(/country=Jamaica/);
    await expect(buyer.getByRole('textbox', { name: 'Min price (JMD)' })).toBeVisible();
    await buyer.getByRole('textbox', { name: 'Min price (JMD)' }).fill('1000000');
    await buyer.getByRole('textbox', { name: 'Max price (JMD)' }).fill('1500000');
    await buyer.getByRole('combobox', { name: 'Sort by' }).selectOption('price');
    await buyer.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(buyer).toHaveURL(/minPrice=1000000/);
    await expect(buyer).toHaveURL(/maxPrice=1500000/);
    const card = buyer.getByRole('article').filter({ has: buyer.getByRole('link', { name: title, exact: true }) });
    await expect(card).toBeVisible();
    await expect(card.getByText(/J\$\s?1,200,000/)).toBeVisible();
    await expect(card.getByText('Negotiable')).toBeVisible();
    await expectAccessible(buyer);
    await shoot(buyer, 'listings-ads-filtered');

    // Outside the range, it is not listed.
    await buyer.getByRole('textbox', { name: 'Max price (JMD)' }).fill('1100000');
    await buyer.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(buyer).toHaveURL(/maxPrice=1100000/);
    await expect(card).toHaveCount(0);

    // The server answers the same filters before any script (a shared link, a slow phone).
    const html = await (await request.get(`/ads?country=Jamaica&minPrice=1000000&maxPrice=1500000`)).text();
    expect(html).toContain(title);

    // A shared link with the filters opens on the same list.
    await buyer.goto('/ads?country=Jamaica&minPrice=1000000&maxPrice=1500000&sort=price');
    await card.getByRole('link', { name: title, exact: true }).click();
    await expect(buyer.getByRole('heading', { name: title })).toBeVisible();
    await expect(buyer.getByText(/J\$\s?1,200,000/)).toBeVisible();
    await expectAccessible(buyer);
    await shoot(buyer, 'listings-ads-detail');
    const adPath = new URL(buyer.url()).pathname;
    await buyerContext.close();

    // Its page's JSON-LD: a Product with an Offer (price, currency, availability).
    const page2 = await (await request.get(adPath)).text();
    const ld = [...page2.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));
    const product = ld.find((d) => d['@type'] === 'Product');
    expect(product).toMatchObject({
      name: title,
      offers: { '@type': 'Offer', price: '1200000.00', priceCurrency: 'JMD', availability: 'https://schema.org/InStock' },
    });
    expect(product.offers.availableAtOrFrom.address).toMatchObject({ addressCountry: 'JM', addressLocality: 'Mandeville' });
  });
});
