import { expect, expectAccessible, originOf, signUpViaApi, test } from './fixtures';
import { postJobViaApi, token } from './jobs-helpers';

test.describe('in Spanish', () => {
  test('a job is posted with countries and categories in Spanish, stored in English, shown in Spanish', async ({ page }) => {
    await signUpViaApi(page, 'employer');
    await page.goto('/post-job');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await expect(page.getByRole('heading', { level: 1, name: 'Publicar un nuevo empleo' })).toBeVisible();

    // The schema's messages, in Spanish.
    await page.getByRole('button', { name: 'Publicar empleo' }).click();
    await expect(page.getByText('El nombre de la empresa es obligatorio.')).toBeVisible();
    await expect(page.getByText('Selecciona un país de la lista.')).toBeVisible();
    await expectAccessible(page);

    const title = `Enfermera ${token()}`;
    await page.getByRole('textbox', { name: 'Título del empleo' }).fill(title);
    await page.getByRole('textbox', { name: 'Nombre de la empresa' }).fill('Clínica del Sol');
    await page.getByRole('combobox', { name: 'País' }).fill('trin');
    await page.getByRole('option', { name: 'Trinidad y Tobago' }).click();
    await page.getByRole('combobox', { name: 'Categoría' }).fill('Sal');
    await page.getByRole('option', { name: 'Salud', exact: true }).click();
    await page.getByRole('textbox', { name: 'Descripción' }).fill('Turnos de noche en Puerto España.');
    await page.getByRole('button', { name: 'Publicar empleo' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Empleo publicado' })).toBeVisible();

    const res = await page.request.get(`/api/jobs?title=${encodeURIComponent(title)}`, { headers: { origin: originOf(page) } });
    const [job] = (await res.json()).items;
    expect(job).toMatchObject({ title, country: 'Trinidad and Tobago', category: 'Healthcare' });

    await page.goto('/employer/dashboard');
    await expect(page.getByRole('article').filter({ hasText: title })).toContainText('Clínica del Sol · Trinidad y Tobago · Salud');
  });

  test('sign-up offers the optional full name, and errors arrive in Spanish', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await expect(page.getByRole('textbox', { name: 'Nombre completo' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Nombre completo' }).fill('Ana Pérez');
    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill('not-an-email');
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('short');
    await page.getByRole('button', { name: 'Registrarse' }).click();
    await expect(page.getByText('La contraseña debe tener al menos 8 caracteres.')).toBeVisible();
    await expectAccessible(page);
  });

  test('a server-rendered list names countries and categories in Spanish, and hydrates without a mismatch', async ({ page, request }) => {
    await signUpViaApi(page, 'employer');
    const title = `Cocinero ${token()}`;
    await postJobViaApi(page, { title, country: 'Trinidad and Tobago' });
    await page.context().clearCookies();

    // The HTML itself, before any script: the server loaded the ISO table for Spanish.
    const html = await (await request.get(`/jobs?title=${encodeURIComponent(title)}`, { headers: { cookie: 'lang=es' } })).text();
    expect(html).toContain('Bay Resorts Ltd</a> · Trinidad y Tobago');
    expect(html).toContain('Hostelería y turismo');

    const problems: string[] = [];
    page.on('console', (msg) => msg.type() === 'error' && problems.push(msg.text()));
    page.on('pageerror', (err) => problems.push(err.message));
    await page.context().addCookies([{ name: 'lang', value: 'es', url: originOf(page) }]);
    await page.goto(`/jobs?title=${encodeURIComponent(title)}`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.getByRole('article').filter({ hasText: title })).toContainText('Trinidad y Tobago');
    await expect(page.getByRole('article').filter({ hasText: title })).toContainText('Hostelería y turismo');
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });

  test("a server's refusal is worded in Spanish (its catalog arrives with the failure)", async ({ page }) => {
    await page.context().addCookies([{ name: 'lang', value: 'es', url: originOf(page) }]);
    await page.goto('/login');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(`nadie-${token()}@example.com`);
    await page.getByRole('textbox', { name: 'Contraseña' }).fill('wrong-password-123');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByText('Correo electrónico o contraseña no válidos')).toBeVisible();
  });
});
