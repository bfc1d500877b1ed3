import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatClock } from './messages';
import { buyerSnapshot, expiredSnapshot, noActions, playerSnapshot } from './player-fixtures';
import { PlayerView, type PlayerViewProps, playerFace } from './player-view';

function setup(props: Partial<PlayerViewProps> = {}) {
  const actions = noActions({
    play: vi.fn(),
    close: vi.fn(),
    buyFromOverlay: vi.fn(),
    buyFromPaywall: vi.fn(),
    key: vi.fn(() => true),
    seekBy: vi.fn(),
    nextEpisode: vi.fn(),
    previousEpisode: vi.fn(),
    setQuality: vi.fn(),
    setRate: vi.fn(),
    setMuted: vi.fn(),
    pause: vi.fn(),
    resume: vi.fn(),
  });
  render(
    <PlayerView
      title="Тихий дом"
      posterUrl="https://kadr.test/poster.jpg"
      snapshot={playerSnapshot()}
      payText="Оформить за 299 ₽ в месяц"
      packageName="Подписка Кадр"
      actions={actions}
      {...props}
    />,
  );
  return { actions, user: userEvent.setup(), region: screen.getByRole('region', { name: 'Плеер' }) };
}

describe('formatClock', () => {
  it('writes minutes and two-digit seconds', () => {
    expect([formatClock(14), formatClock(65), formatClock(600), formatClock(-3)]).toEqual([
      '0:14',
      '1:05',
      '10:00',
      '0:00',
    ]);
  });
});

describe('playerFace', () => {
  it('is loading before the engine and while the release loads', () => {
    expect(playerFace(null)).toBe('loading');
    expect(playerFace(playerSnapshot({ phase: 'idle' }))).toBe('loading');
    expect(playerFace(playerSnapshot({ phase: 'loading' }))).toBe('loading');
  });

  it('is the error face after an error or a failed engine load', () => {
    expect(playerFace(playerSnapshot({ phase: 'error' }))).toBe('error');
    expect(playerFace(null, true)).toBe('error');
  });

  it('shows the video once it plays, pauses or ends', () => {
    expect(
      ['playing', 'paused', 'ended'].map((phase) =>
        playerFace(playerSnapshot({ phase: phase as 'playing' })),
      ),
    ).toEqual(['video', 'video', 'video']);
  });
});

describe('PlayerView', () => {
  it('is described by the title in text screen readers find, not by aria-description', () => {
    const { region } = setup();
    expect(region).toHaveAccessibleDescription('Тихий дом');
    expect(region).not.toHaveAttribute('aria-description');
    const description = document.getElementById(region.getAttribute('aria-describedby') ?? '');
    expect(description).toHaveTextContent('Тихий дом');
    expect(region).toContainElement(description);
  });

  it('shows the poster and the loading image until the video plays', () => {
    const { region } = setup({ snapshot: null });
    expect(within(region).getByRole('status')).toHaveTextContent('Загружаем видео…');
    expect(region.querySelector('img')).toHaveAttribute('src', 'https://kadr.test/poster.jpg');
  });

  it('shows the preview countdown and the buy button to a non-buyer', async () => {
    const { actions, user } = setup();
    expect(screen.getByRole('timer')).toHaveTextContent('Бесплатный просмотр: 0:14');
    await user.click(screen.getByRole('button', { name: 'Оформить подписку' }));
    expect(actions.buyFromOverlay).toHaveBeenCalledOnce();
  });

  it('gives a non-buyer play, sound and position but no buyer controls', () => {
    setup();
    const bar = screen.getByRole('toolbar', { name: 'Управление плеером' });
    expect(within(bar).getByRole('button', { name: 'Пауза' })).toBeInTheDocument();
    expect(within(bar).getByText('0:06 / 0:36')).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'Вперёд на 10 секунд' })).not.toBeInTheDocument();
    expect(within(bar).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('replaces the video with the final block and pay_text when the preview is over', async () => {
    const { actions, user } = setup({ snapshot: expiredSnapshot() });
    const block = screen.getByRole('dialog', { name: 'Бесплатный просмотр закончился' });
    expect(block).toHaveTextContent('Чтобы смотреть дальше, оформите подписку «Подписка Кадр».');
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    await user.click(within(block).getByRole('button', { name: 'Оформить за 299 ₽ в месяц' }));
    expect(actions.buyFromPaywall).toHaveBeenCalledOnce();
  });

  it('falls back to a plain buy label when the tariff has no pay_text', () => {
    setup({ snapshot: expiredSnapshot(), payText: null });
    expect(screen.getByRole('button', { name: 'Оформить подписку' })).toBeInTheDocument();
  });

  it('brings the play image back after a start error and retries with it', async () => {
    const { actions, user } = setup({
      snapshot: playerSnapshot({ phase: 'error', error: { code: 'MEDIA_NETWORK', message: 'x' } }),
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByText('Не удалось запустить видео. Попробуйте ещё раз.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Смотреть' }));
    expect(actions.play).toHaveBeenCalledOnce();
  });

  it('gives a buyer seek ±10 s, episode buttons, quality, speed and picture-in-picture', async () => {
    const { actions, user } = setup({ snapshot: buyerSnapshot() });
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Назад на 10 секунд' }));
    await user.click(screen.getByRole('button', { name: 'Вперёд на 10 секунд' }));
    expect(actions.seekBy).toHaveBeenNthCalledWith(1, -10);
    expect(actions.seekBy).toHaveBeenNthCalledWith(2, 10);
    await user.click(screen.getByRole('button', { name: 'Следующая серия' }));
    await user.click(screen.getByRole('button', { name: 'Предыдущая серия' }));
    expect(actions.nextEpisode).toHaveBeenCalledOnce();
    expect(actions.previousEpisode).toHaveBeenCalledOnce();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Качество' }), '360p');
    expect(actions.setQuality).toHaveBeenCalledWith('1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Скорость' }), '1,5×');
    expect(actions.setRate).toHaveBeenCalledWith(1.5);
    expect(screen.getByRole('button', { name: 'Картинка в картинке' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('hides the episode buttons a buyer cannot use', () => {
    setup({ snapshot: buyerSnapshot({ hasPreviousEpisode: false, hasNextEpisode: false }) });
    expect(screen.queryByRole('button', { name: 'Следующая серия' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Предыдущая серия' })).not.toBeInTheDocument();
  });

  it('passes ←/→ to the controller and keeps the page from scrolling', async () => {
    const { actions, region, user } = setup({ snapshot: buyerSnapshot() });
    region.focus();
    await user.keyboard('{ArrowRight}{ArrowLeft}');
    expect(actions.key).toHaveBeenNthCalledWith(1, 'ArrowRight');
    expect(actions.key).toHaveBeenNthCalledWith(2, 'ArrowLeft');
  });

  it('leaves the space bar to a focused button', async () => {
    const { actions, user } = setup({ snapshot: buyerSnapshot() });
    screen.getByRole('button', { name: 'Пауза' }).focus();
    await user.keyboard(' ');
    expect(actions.key).not.toHaveBeenCalledWith(' ');
    expect(actions.pause).toHaveBeenCalledOnce();
  });

  it('closes with the close button', async () => {
    const { actions, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Закрыть плеер' }));
    expect(actions.close).toHaveBeenCalledOnce();
  });

  it('tells a TV remote its phase and what leaves it (decision 040)', () => {
    const { region } = setup({ snapshot: playerSnapshot({ phase: 'playing' }) });
    expect({
      phase: region.getAttribute('data-phase'),
      leaves: screen.getByRole('button', { name: 'Закрыть плеер' }).hasAttribute('data-back-leaves'),
    }).toEqual({ phase: 'playing', leaves: true });
  });

  it('toggles the sound', async () => {
    const { actions, user } = setup({ snapshot: playerSnapshot({ muted: true }) });
    await user.click(screen.getByRole('button', { name: 'Включить звук' }));
    expect(actions.setMuted).toHaveBeenCalledWith(false);
  });

  it('offers «Скачать» in the control bar when given a download action', async () => {
    const onDownload = vi.fn();
    const { user } = setup({ onDownload });
    const button = screen.getByRole('button', { name: 'Скачать' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(button);
    expect(onDownload).toHaveBeenCalledTimes(1);
  });

  it('has no «Скачать» without a download action', () => {
    setup({ snapshot: buyerSnapshot() });
    expect(screen.queryByRole('button', { name: 'Скачать' })).not.toBeInTheDocument();
  });

  it('shows the offline prompt as the install paywall and gives focus back to «Скачать» after it', async () => {
    const hideInstall = vi.fn();
    const props: PlayerViewProps = {
      title: 'Тихий дом',
      posterUrl: null,
      snapshot: playerSnapshot(),
      payText: null,
      packageName: 'Подписка Кадр',
      onDownload: vi.fn(),
      actions: noActions({ hideInstall }),
    };
    const user = userEvent.setup();
    const { rerender } = render(<PlayerView {...props} />);
    await user.click(screen.getByRole('button', { name: 'Скачать' }));
    rerender(<PlayerView {...props} snapshot={playerSnapshot({ paywall: 'install', phase: 'paused' })} />);
    expect(screen.getByRole('dialog', { name: 'Скачивайте в приложении Кадр' })).toBeInTheDocument();
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Открыть приложение' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Продолжить просмотр' }));
    expect(hideInstall).toHaveBeenCalledTimes(1);
    rerender(<PlayerView {...props} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Скачать' })).toHaveFocus();
  });
});
