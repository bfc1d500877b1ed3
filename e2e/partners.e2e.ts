import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, hasChromium, launchBrowser, MOBILE } from './support/browser.ts';
import { runOperator } from './support/operator.ts';
import { freshPostgres } from './support/postgres.ts';
import { type RunningService, startService } from './support/service.ts';
import { signInInOpenDialog } from './support/sign-in.ts';

const KINOZAL = { title: 'Кинозал', email: 'viewer@kinozal.example', password: 'Kz-8fQ2lI1 пароль' };
const MUZBOX = { title: 'Музбокс', email: 'viewer@muzbox.example', password: 'mb-secret-77' };

// Issue 15 item 4 (docs/decisions/042-partner-accounts.md): an operator sets a signed-in profile's
// partner-site accounts with `partners:set`; the account menu then offers «Сайты-партнёры», which shows
// them — in place on a desktop, as a page of its own on a phone — and the page opened by address goes
// to the root (it needs the accounts in navigation state).
describe.skipIf(!hasChromium)('partner-site accounts in Chromium', () => {
  let database: Awaited<ReturnType<typeof freshPostgres>>;
  let service: RunningService;
  let desktop: Browser;
  let phone: Browser;
  let page: Page;
  let profileId: string;
  /** Every line the operator commands printed. */
  const printed: string[] = [];

  /** Runs one of the api's operator commands (dist/<script>.js) beside the service, `input` on stdin. */
  function operator(script: string, args: string[], input?: string): string {
    const run = runOperator({ databaseUrl: database!.url, dataDir: service.dataDir }, script, args, input);
    printed.push(run.stdout, run.stderr);
    return run.stdout.trim();
  }

  function setAccount(account: typeof KINOZAL): string {
    const args = ['set', '--profile', profileId, '--title', account.title, '--email', account.email];
    return operator('partners', [...args, '--password-stdin'], `${account.password}\n`);
  }

  /** Opens the account screen and waits for its getProfile answer (the menu adds partners from it). */
  async function openAccount(on: Page): Promise<void> {
    const profile = on.waitForResponse((response) => response.url().endsWith('/v1/agregator/getProfile'));
    await on.goto(`${service.baseUrl}/promo/web/account`);
    await profile;
    await on.getByRole('navigation', { name: 'Меню аккаунта' }).waitFor();
  }

  beforeAll(async () => {
    database = await freshPostgres('kadr_e2e_partners');
    if (!database)
      throw new Error(
        'the partner journeys need the local PostgreSQL (partners:set runs beside the service)',
      );
    service = await startService({ DATABASE_URL: database.url });
    [desktop, phone] = await Promise.all([launchBrowser(), launchBrowser(MOBILE)]);
  });

  afterAll(async () => {
    await desktop?.close();
    await phone?.close();
    await service?.stop();
    await database?.drop();
  });

  it('offers a viewer who signed in by phone no «Сайты-партнёры» while the profile has no accounts', async () => {
    page = await desktop.context.newPage();
    await page.goto(`${service.baseUrl}/promo/web/`);
    await page.getByRole('button', { name: 'Войти' }).first().click();
    // signInInOpenDialog polls with expect: inside a test, not a hook.
    await signInInOpenDialog(page, service.baseUrl, '9991230042');
    profileId = (await page.evaluate(() => localStorage.getItem('profile_id'))) ?? '';
    expect(profileId).toMatch(/^\d+$/);
    await openAccount(page);
    const menu = page.getByRole('navigation', { name: 'Меню аккаунта' });
    await menu.getByRole('link', { name: 'Управление картами' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Сайты-партнёры' }).count()).toBe(0);
  });

  it('shows the accounts the command set in place on a desktop, password in plain text', async () => {
    expect(setAccount(KINOZAL)).toBe(
      `Added the partner-site account «Кинозал» (viewer@kinozal.example) of profile ${profileId}`,
    );
    setAccount(MUZBOX);
    // Set again with another password: the account of the same title is replaced, not doubled.
    KINOZAL.password = 'Kz-new-пароль-2';
    expect(setAccount(KINOZAL)).toMatch(/^Replaced /);
    expect(operator('partners', ['list', '--profile', profileId])).toBe(
      'Кинозал\tviewer@kinozal.example\t********\nМузбокс\tviewer@muzbox.example\t********',
    );

    await openAccount(page);
    await page
      .getByRole('navigation', { name: 'Меню аккаунта' })
      .getByRole('link', { name: 'Сайты-партнёры' })
      .click();
    await expect.poll(() => page.url()).toBe(`${service.baseUrl}/promo/web/account/partners`);
    const list = page.getByRole('list', { name: 'Аккаунты на сайтах-партнёрах' });
    await list.waitFor();
    // The menu stays beside the panel (desktop opens sections in place).
    expect(await page.getByRole('navigation', { name: 'Меню аккаунта' }).isVisible()).toBe(true);
    const items = list.getByRole('listitem');
    expect(await items.count()).toBe(2);
    expect(await items.nth(0).textContent()).toContain('Кинозал');
    for (const text of [KINOZAL.email, KINOZAL.password, MUZBOX.title, MUZBOX.email, MUZBOX.password])
      expect(await list.getByText(text, { exact: true }).isVisible(), text).toBe(true);
    expect(await list.getByText('mb-secret-77').count()).toBe(1);
  });

  it('shows them on a phone’s partners page, opened from the account menu', async () => {
    const link = operator('auth-link', [
      '--profile',
      profileId,
      '--origin',
      service.baseUrl,
      '--path',
      '/promo/web/',
    ]);
    const mobile = await phone.context.newPage();
    await mobile.goto(link);
    await expect.poll(() => mobile.evaluate(() => localStorage.getItem('AUTH'))).toBe('true');
    await openAccount(mobile);
    await mobile.getByRole('link', { name: 'Сайты-партнёры' }).click();
    const list = mobile.getByRole('list', { name: 'Аккаунты на сайтах-партнёрах' });
    await list.waitFor();
    // A page of its own: the menu is gone, a back header leads back to it.
    expect(await mobile.getByRole('navigation', { name: 'Меню аккаунта' }).count()).toBe(0);
    for (const text of [KINOZAL.title, KINOZAL.email, KINOZAL.password, MUZBOX.email, MUZBOX.password])
      expect(await list.getByText(text, { exact: true }).isVisible(), text).toBe(true);
    await mobile.getByRole('button', { name: 'Назад' }).click();
    await mobile.getByRole('navigation', { name: 'Меню аккаунта' }).waitFor();
    await mobile.close();
  });

  it('goes to the root when the partners page is opened by its address, with no navigation state', async () => {
    for (const browser of [desktop, phone]) {
      const direct = await browser.context.newPage();
      await direct.goto(`${service.baseUrl}/promo/web/account/partners/?utm_source=mail`);
      await expect.poll(() => direct.url()).toBe(`${service.baseUrl}/promo/web/?utm_source=mail`);
      expect(await direct.getByText(KINOZAL.password).count()).toBe(0);
      await direct.close();
    }
  });

  it('leaves no password in the service log or the commands’ output, and removes an account', async () => {
    expect(operator('partners', ['remove', '--profile', profileId, '--title', MUZBOX.title])).toBe(
      `Removed the partner-site account «Музбокс» of profile ${profileId}`,
    );
    await openAccount(page);
    await page.getByRole('link', { name: 'Сайты-партнёры' }).click();
    await page.getByText(KINOZAL.email).waitFor();
    expect(await page.getByText(MUZBOX.email).count()).toBe(0);
    for (const secret of [KINOZAL.password, 'Kz-8fQ2lI1 пароль', MUZBOX.password]) {
      expect(service.output.join(''), 'service log').not.toContain(secret);
      expect(printed.join(''), 'command output').not.toContain(secret);
    }
  });
});
