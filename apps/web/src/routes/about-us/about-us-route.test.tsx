import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, renderWithApp } from '../../testing/render-app';
import type { SessionSeed } from '../../testing/seed-stores';
import { AboutUsRoute, aboutMailto, FEEDBACK_SECTION_ID } from './about-us-route';

function setup(session: SessionSeed = { profileId: 1042 }, deviceKind?: 'mobile') {
  return renderWithApp(<AboutUsRoute />, { session, deviceKind });
}

/** The parts of a mailto link: address, subject and body. */
function mailto(href: string | null) {
  const url = new URL(href ?? '');
  return {
    protocol: url.protocol,
    address: url.pathname,
    subject: url.searchParams.get('subject'),
    body: url.searchParams.get('body'),
  };
}

describe('aboutMailto', () => {
  it('carries the subject and the profile id, encoded', () => {
    expect(aboutMailto('help@example.org', 'Отзыв о Кадре', 7)).toBe(
      `mailto:help@example.org?subject=${encodeURIComponent('Отзыв о Кадре')}&body=${encodeURIComponent('ID профиля: 7\n\n')}`,
    );
  });

  it('says «нет» when there is no profile yet', () => {
    expect(mailto(aboutMailto('help@example.org', 'Тема', null)).body).toBe('ID профиля: нет\n\n');
  });
});

describe('AboutUsRoute', () => {
  it('is headed «О нас» (level 1) with the sections at level 2', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'О нас' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Что есть в Кадре',
      'Поддержка',
      'Обратная связь',
    ]);
  });

  it('makes every claim of SPEC §1, one list item each under «Что есть в Кадре»', () => {
    setup();
    const features = screen.getByRole('region', { name: 'Что есть в Кадре' });
    const items = within(features).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual([
      '50 телеканалов и тысячи фильмов в HD',
      'Более 250 телеканалов',
      'Архив передач',
      'Загрузки',
      'Трансляция на телевизор',
    ]);
    const text = features.textContent ?? '';
    expect(text).toContain(
      'Каждый пользователь получает 50 бесплатных телеканалов и тысячи фильмов в HD-качестве.',
    );
    expect(text).toContain('более 250 телеканалов');
    expect(text).toContain('Большинство телеканалов хранят архив не менее трёх дней');
    expect(text).toContain('В мобильном приложении Кадра видео можно скачать');
    expect(text).toContain('на Smart TV или устройство для трансляции, подключённые к той же сети Wi-Fi');
  });

  it('links the support address, with a support subject and the profile id', () => {
    setup();
    const support = screen.getByRole('region', { name: 'Поддержка' });
    const link = within(support).getByRole('link', { name: 'support@kadr.example' });
    expect(mailto(link.getAttribute('href'))).toEqual({
      protocol: 'mailto:',
      address: 'support@kadr.example',
      subject: 'Вопрос в поддержку Кадра',
      body: 'ID профиля: 1042\n\n',
    });
  });

  it('has a feedback section, reachable as #feedback, whose letter goes to the same address', () => {
    setup();
    const feedback = screen.getByRole('region', { name: 'Обратная связь' });
    expect(feedback).toHaveAttribute('id', FEEDBACK_SECTION_ID);
    const link = within(feedback).getByRole('link', { name: 'Написать отзыв' });
    expect(mailto(link.getAttribute('href'))).toEqual({
      protocol: 'mailto:',
      address: 'support@kadr.example',
      subject: 'Отзыв о Кадре',
      body: 'ID профиля: 1042\n\n',
    });
  });

  it('writes «нет» for the profile id before a session exists', () => {
    setup({ profileId: null });
    const link = screen.getByRole('link', { name: 'Написать отзыв' });
    expect(mailto(link.getAttribute('href')).body).toBe('ID профиля: нет\n\n');
  });

  it('shows the same page on a phone', () => {
    setup(undefined, 'mobile');
    expect(screen.getByRole('heading', { level: 1, name: 'О нас' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
  });

  it('is the screen of /about_us in the app, titled for the tab', async () => {
    renderApp('/about_us?utm_source=mail');
    expect(await screen.findByRole('heading', { level: 1, name: 'О нас' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Обратная связь' })).toBeInTheDocument();
    // The tab's title is written from an effect, which may run after the heading shows.
    await waitFor(() => expect(document.title).toBe('Кадр — О нас'));
  });
});
