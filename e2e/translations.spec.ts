import { expect, expectAccessible, originOf, signUpViaApi, test } from './fixtures';
import { token } from './jobs-helpers';

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
});
