import { SessionFlag, StorageKey } from '@kadr/auth-session';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Content } from '../../shared/catalogue-types';
import { ServicesProvider } from '../../shared/services';
import { useModalStore } from '../../shared/stores/modal-store';
import { filmContent, goods } from '../../testing/catalogue-fixtures';
import { createFakeServices } from '../../testing/fake-services';
import { resetStores } from '../../testing/seed-stores';
import { createFakeEngine } from './fake-controller';
import { PlayerEngineProvider } from './player-engine';
import { PlayerSlot } from './player-slot';
import { usePlayLogic } from './use-play-logic';

/** The card's Смотреть and Трейлер over the slot, as MovieView lays them out. */
function Card({ content }: { content: Content }) {
  const play = usePlayLogic(content);
  const location = useLocation();
  return (
    <>
      <button type="button" onClick={play.watch}>
        Смотреть
      </button>
      <button type="button" onClick={play.trailer}>
        Трейлер
      </button>
      <PlayerSlot play={play} content={content} />
      <output aria-label="address">{location.pathname}</output>
    </>
  );
}

function setup(content: Content, storage: Record<string, string> = {}) {
  resetStores();
  const fake = createFakeServices({ storage });
  const engine = createFakeEngine();
  render(
    <ServicesProvider services={fake.services}>
      <PlayerEngineProvider value={async () => engine}>
        <MemoryRouter initialEntries={['/movie/12/']}>
          <Card content={content} />
        </MemoryRouter>
      </PlayerEngineProvider>
    </ServicesProvider>,
  );
  return { ...fake, engine, user: userEvent.setup() };
}

const boughtFilm = () =>
  filmContent({ goods: goods({ is_bought: true, is_preview: false, status: 'confirmed' }) });
const player = () => screen.queryByRole('region', { name: 'Плеер' });

describe('the play logic on the content card (SPEC §4)', () => {
  it('starts a preview for a non-buyer of previewable goods, focused', async () => {
    const { user, engine } = setup(filmContent());
    await user.click(screen.getByRole('button', { name: 'Смотреть' }));
    expect(player()).toHaveFocus();
    await screen.findByRole('timer');
    expect(engine.last().options.goods).toEqual({ is_bought: false });
  });

  it('sends a non-buyer of goods without preview to the package page', async () => {
    const { user } = setup(filmContent({ goods: goods({ is_preview: false }) }));
    await user.click(screen.getByRole('button', { name: 'Смотреть' }));
    expect(player()).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent('/account/packages/3/');
  });

  it('asks a guest who bought to register; the register button opens the login modal in prompt mode', async () => {
    const { user, engine } = setup(boughtFilm());
    await user.click(screen.getByRole('button', { name: 'Смотреть' }));
    expect(
      screen.getByRole('dialog', { name: 'Зарегистрируйтесь, чтобы не потерять доступ к подписке' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(useModalStore.getState()).toMatchObject({ loginOpen: true, loginPromptMode: true });
    expect(engine.controllers).toHaveLength(0);
  });

  it('plays for a guest who closed the prompt, and does not ask again in this session', async () => {
    const { user, services, engine } = setup(boughtFilm());
    await user.click(screen.getByRole('button', { name: 'Смотреть' }));
    await user.click(screen.getByRole('button', { name: 'Смотреть без регистрации' }));
    expect(services.sessionStorage.getItem(SessionFlag.promptOpenMovie)).toBe('false');
    await screen.findByRole('toolbar', { name: 'Управление плеером' });
    expect(engine.last().options.goods).toEqual({ is_bought: true });
    await user.click(screen.getByRole('button', { name: 'Закрыть плеер' }));
    await user.click(screen.getByRole('button', { name: 'Смотреть' }));
    expect(screen.queryByRole('dialog', { name: /Зарегистрируйтесь/ })).not.toBeInTheDocument();
    expect(player()).toBeInTheDocument();
  });

  it('closes the prompt with its close button without playing', async () => {
    const { user, engine } = setup(boughtFilm());
    await user.click(screen.getByRole('button', { name: 'Смотреть' }));
    await user.click(screen.getByRole('button', { name: 'Закрыть плеер' }));
    expect(player()).not.toBeInTheDocument();
    expect(engine.controllers).toHaveLength(0);
  });

  it('plays straight away for a logged-in buyer', async () => {
    const { user } = setup(boughtFilm(), { [StorageKey.auth]: 'true' });
    await user.click(screen.getByRole('button', { name: 'Смотреть' }));
    expect(screen.queryByRole('dialog', { name: /Зарегистрируйтесь/ })).not.toBeInTheDocument();
    expect(player()).toBeInTheDocument();
  });

  it('plays the trailer even when the goods have no preview, with a new player', async () => {
    const { user, engine } = setup(filmContent({ goods: goods({ is_preview: false }) }));
    await user.click(screen.getByRole('button', { name: 'Трейлер' }));
    await screen.findByRole('toolbar', { name: 'Управление плеером' });
    expect(engine.last().options.currentEpisodeId).toBe(9001);
  });
});
