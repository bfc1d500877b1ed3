import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { APP_VERSION, config } from '../../env';
import { renderApp } from '../../testing/render-app';
import type { SessionSeed } from '../../testing/seed-stores';

/** The app at `path` and its footer, once the screen's heading is in. */
async function setup(path = '/account', session?: SessionSeed, deviceKind?: 'mobile') {
  const app = renderApp(path, { session, deviceKind });
  await screen.findByRole('heading', { level: 1 });
  const footer = screen.getByRole('contentinfo');
  return { ...app, footer };
}

// The footer of every screen, complete per SPEC §2 (docs/decisions/037-about-and-footer.md).
describe('the app’s footer', () => {
  it('links О нас, the privacy policy and the user agreement; the documents open in a new tab', async () => {
    const { footer } = await setup();
    expect(within(footer).getByRole('link', { name: 'О нас' })).not.toHaveAttribute('target');
    for (const [name, href] of [
      ['Политика конфиденциальности', config.privacyUrl],
      ['Пользовательское соглашение', config.agreementUrl],
    ]) {
      const link = within(footer).getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
    }
  });

  it('О нас opens the about page, keeping the query string', async () => {
    const { footer, user, where } = await setup('/account?utm_source=mail');
    await user.click(within(footer).getByRole('link', { name: 'О нас' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'О нас' })).toBeInTheDocument();
    expect(where()).toBe('/about_us?utm_source=mail');
  });

  it('links the support e-mail (SPEC {email})', async () => {
    const { footer } = await setup();
    expect(within(footer).getByRole('link', { name: config.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${config.supportEmail}`,
    );
  });

  it('offers five mobile stores and five TV platforms, LG by its store deep link', async () => {
    const { footer } = await setup();
    const names = (region: string) =>
      within(within(footer).getByRole('region', { name: region }))
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(names('Приложения для телефона')).toEqual([
      'App Store',
      'Google Play',
      'AppGallery',
      'RuStore',
      'Galaxy Store',
    ]);
    expect(names('Приложения для телевизора')).toEqual([
      'Samsung Smart TV',
      'LG Smart TV',
      'Android TV',
      'Apple TV',
      'Яндекс ТВ',
    ]);
    const lg = within(footer).getByRole('link', { name: 'LG Smart TV' });
    expect(lg).toHaveAttribute('href', config.lgStoreUrl);
    expect(lg).not.toHaveAttribute('target');
    expect(config.lgStoreUrl).toBe('lgcontentstore://kadr');
  });

  it('shows the profile id, the version (SPEC §9: 99) and this year’s copyright line', async () => {
    const { footer } = await setup('/account', { profileId: 1042 });
    expect(APP_VERSION).toBe('99');
    expect(within(footer).getByText('ID профиля: 1042')).toBeInTheDocument();
    expect(within(footer).getByText('Версия 99')).toBeInTheDocument();
    expect(
      within(footer).getByText(`© ${new Date().getFullYear()} Кадр. Все права защищены.`),
    ).toBeInTheDocument();
  });

  it('leaves the profile id out before a session exists', async () => {
    const { footer } = await setup('/about_us', { profileId: null });
    expect(within(footer).queryByText(/ID профиля/)).not.toBeInTheDocument();
    expect(within(footer).getByText('Версия 99')).toBeInTheDocument();
  });

  it('is the same on a phone', async () => {
    const { footer } = await setup('/about_us', undefined, 'mobile');
    expect(within(footer).getAllByRole('link')).toHaveLength(3 + 1 + 5 + 5);
    expect(within(footer).getByText('ID профиля: 42')).toBeInTheDocument();
  });
});
