import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Footer } from './footer.js';
import { footerFixture } from './footer-fixtures.js';

describe('Footer', () => {
  it('shows the text links, with external ones opening a new tab', () => {
    render(<Footer {...footerFixture} />);
    expect(screen.getByRole('link', { name: 'О нас' })).toHaveAttribute('href', '/about_us');
    expect(screen.getByRole('link', { name: 'О нас' })).not.toHaveAttribute('target');
    expect(screen.getByRole('link', { name: 'Пользовательское соглашение' })).toHaveAttribute(
      'target',
      '_blank',
    );
  });

  it('links the support e-mail it is given', () => {
    render(<Footer {...footerFixture} supportEmail="help@example.org" />);
    expect(screen.getByRole('link', { name: 'help@example.org' })).toHaveAttribute(
      'href',
      'mailto:help@example.org',
    );
  });

  it('shows five mobile store and five TV badges, the LG one with its deep link', () => {
    render(<Footer {...footerFixture} />);
    const mobile = screen.getByRole('region', { name: 'Приложения для телефона' });
    const tv = screen.getByRole('region', { name: 'Приложения для телевизора' });
    expect(within(mobile).getAllByRole('link')).toHaveLength(5);
    expect(within(tv).getAllByRole('link')).toHaveLength(5);
    expect(within(tv).getByRole('link', { name: 'LG Smart TV' })).toHaveAttribute(
      'href',
      'lgwebos://store/kadr',
    );
  });

  it('opens the web stores in a new tab and the LG deep link in place (no blank tab left behind)', () => {
    render(<Footer {...footerFixture} />);
    expect(screen.getByRole('link', { name: 'App Store' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'App Store' })).toHaveAttribute('rel', 'noopener noreferrer');
    const lg = screen.getByRole('link', { name: 'LG Smart TV' });
    expect(lg).not.toHaveAttribute('target');
    expect(lg).not.toHaveAttribute('rel');
  });

  it('shows the profile id, version and copyright', () => {
    render(<Footer {...footerFixture} />);
    expect(screen.getByText('ID профиля: 1042')).toBeInTheDocument();
    expect(screen.getByText('Версия 99')).toBeInTheDocument();
    expect(screen.getByText('© 2026 Кадр')).toBeInTheDocument();
  });

  it('hides the profile id line without a session', () => {
    render(<Footer {...footerFixture} profileId={null} />);
    expect(screen.queryByText(/ID профиля/)).not.toBeInTheDocument();
  });
});
