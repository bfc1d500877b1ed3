import { scheduleDays, viewerTimeZone } from '@kadr/schedule-utils';
import { art } from '@kadr/ui-kit/testing';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeCheckoutWidget } from '../../features/payment/fake-checkout-widget';
import { channelPageState } from '../../features/player/channel-playback';
import type { createFakeChannelEngine } from '../../features/player/fake-channel-controller';
import { liveEngine } from '../../features/player/live-engine';
import type { DeviceKind } from '../../shared/device';
import { billingHandlers, packageInfo, tvPackages } from '../../testing/billing-fixtures';
import { catalogueHandlers } from '../../testing/catalogue-fixtures';
import { apiError, createFakeServices, type FakeHandlers, never } from '../../testing/fake-services';
import { renderApp } from '../../testing/render-app';

// The whole app with the channel engine replaced by fake controllers (the real one needs a browser).
vi.mock('../../features/player/live-engine', async () => {
  const { createFakeChannelEngine } = await import('../../features/player/fake-channel-controller');
  return { liveEngine: createFakeChannelEngine() };
});
const engine = liveEngine as ReturnType<typeof createFakeChannelEngine>;

const HOUR = 3_600_000;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  engine.controllers.length = 0;
});

/** Today's midnight in the viewer's zone. */
const midnight = () => scheduleDays(Date.now(), viewerTimeZone(), 1)[0]?.startsAt ?? 0;

/** The bought packages: «Кино ТВ» (channel 2) and, with `all`, «Кадр Премиум» (the other channels). */
function boughtPackages(all = false) {
  const bought = { status: 'confirmed' as const, is_bought: true, store_name: 'web' };
  return [
    packageInfo(3, 'Кадр Премиум', all ? { goods: bought } : {}),
    packageInfo(5, 'Кино ТВ', { goods: bought }),
  ];
}

/**
 * The app at `path` at 10:30 today (on air: «Дневные новости», 10:00–12:00), over the fake api with the
 * packages given (none bought by default) and any handlers replaced.
 */
function setup(
  path: string,
  options: {
    packages?: ReturnType<typeof tvPackages>;
    handlers?: FakeHandlers;
    state?: unknown;
    deviceKind?: DeviceKind;
  } = {},
) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(midnight() + 10.5 * HOUR);
  const fake = createFakeServices({
    handlers: {
      ...billingHandlers({ delay: 0, packages: options.packages ?? tvPackages() }),
      ...options.handlers,
    },
  });
  return renderApp(path, { fake, state: options.state, deviceKind: options.deviceKind });
}

const player = () => screen.getByRole('region', { name: 'Плеер' });
const releaseCalls = (calls: { id: string; input: unknown }[]) =>
  calls.filter((call) => call.id === 'getReleaseChannel').map((call) => call.input);

describe('the channel page', () => {
  it('shows the programme on air, the channel, the next three and the first-play image', async () => {
    const { calls } = setup('/tv/2/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Кино ТВ' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Дневные новости' })).toBeInTheDocument();
    expect(screen.getByText('Сейчас в эфире')).toBeInTheDocument();
    expect(screen.getByText('Дневные новости: описание передачи.')).toBeInTheDocument();
    expect(screen.getByText('10:00').closest('p')).toHaveTextContent('10:00 – 12:00');
    // Its announcement image (SPEC §2), named for screen readers.
    expect(await screen.findByRole('img', { name: 'Анонс: Дневные новости' })).toHaveAttribute(
      'src',
      art('wide', 'Кино ТВ: Дневные новости'),
    );
    const next = screen.getByRole('region', { name: 'Далее' });
    expect(
      within(next)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['12:00 Сериал «Северный ветер»', '14:00 Спорт', '16:00 Вечерние новости']);
    // The first-play image is the announcement image of the programme on air.
    expect(player().querySelector('img')).toHaveAttribute('src', art('wide', 'Кино ТВ: Дневные новости'));
    expect(player()).toHaveAccessibleDescription('Кино ТВ: Дневные новости');
    expect(screen.getByRole('link', { name: 'Телепрограмма' })).toHaveAttribute('href', '/tv/2/tv_guide');
    await vi.waitFor(() => expect(document.title).toBe('Кадр — Кино ТВ'));
    expect(calls.find((call) => call.id === 'getPackageByChannel')?.input).toEqual({
      body: { stream_id: 2 },
    });
    // Today plus 6 (the archive's days before today are the guide's).
    expect(calls.filter((call) => call.id === 'getTvSchedule')).toHaveLength(7);
    // Nothing plays yet: no stream asked for.
    expect(releaseCalls(calls)).toEqual([]);
  });

  it('shows the programme on air’s poster when it has no announcement image, and no image without either', async () => {
    const base = catalogueHandlers().getTvSchedule;
    /** The schedule's programmes without announcement images; those titled `withPoster` keep a poster. */
    const withoutAnnouncements = (withPoster: string) => async (input: unknown) => {
      const answer = (await base?.(input)) as { items: Record<string, unknown>[] };
      const poster = (title: unknown) => (title === withPoster ? art('poster', withPoster) : null);
      return {
        ...answer,
        items: answer.items.map((item) => ({
          ...item,
          announce_url: null,
          poster_url: poster(item.EK_title),
        })),
      };
    };
    setup('/tv/2/', {
      handlers: { getTvSchedule: withoutAnnouncements('Дневные новости') },
    });
    expect(await screen.findByRole('img', { name: 'Анонс: Дневные новости' })).toHaveAttribute(
      'src',
      art('poster', 'Дневные новости'),
    );
    cleanup();
    setup('/tv/2/', { handlers: { getTvSchedule: withoutAnnouncements('') } });
    expect(await screen.findByRole('heading', { level: 2, name: 'Дневные новости' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Анонс/ })).not.toBeInTheDocument();
  });

  it('is titled by the channel number until its name is known', async () => {
    setup('/tv/2/', { handlers: { getCollections: never, getTvSchedule: never } });
    await screen.findByRole('heading', { level: 1, name: 'Телеканал' });
    await vi.waitFor(() => expect(document.title).toBe('Кадр — Телеканал 2'));
  });

  it('lays out the week in day cards of 3 lines that expand and collapse, today’s archive marked', async () => {
    const { user } = setup('/tv/2/');
    const week = await screen.findByRole('region', { name: 'Телепрограмма на неделю' });
    const today = await within(week).findByRole('region', { name: 'Сегодня' });
    await within(today).findAllByRole('listitem');
    const cards = within(week)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(cards).toHaveLength(7);
    expect(cards.slice(0, 2)).toEqual(['Сегодня', 'Завтра']);
    // Collapsed on the programme on air, today's ended programmes (the archive) behind the toggle.
    expect(
      within(today)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['Сейчас Дневные новости', '12:00 Сериал «Северный ветер»', '14:00 Спорт']);
    await user.click(within(today).getByRole('button', { name: 'Вся программа (12)' }));
    const lines = within(today).getAllByRole('listitem');
    expect(lines).toHaveLength(12);
    expect(lines[0]).toHaveTextContent('00:00 Ночной эфир В записи');
    expect(lines[6]).not.toHaveTextContent('В записи');
    await user.click(within(today).getByRole('button', { name: 'Свернуть' }));
    expect(within(today).getAllByRole('listitem')).toHaveLength(3);
  });

  it('plays the channel live on Watch when its package is bought', async () => {
    const { user, calls } = setup('/tv/2/', { packages: boughtPackages() });
    await user.click(await screen.findByRole('button', { name: 'Смотреть' }));
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    const controller = engine.last();
    expect(controller.options).toMatchObject({
      channel: { streamId: 2, archiveStart: null },
      goods: { is_bought: true },
    });
    await controller.options.loadChannel(controller.options.channel);
    expect(releaseCalls(calls)).toEqual([{ body: { stream_id: 2, dev_model: 'web' } }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('plays the preview on Watch when it is not bought; its final block opens the payment window, and the payment plays on', async () => {
    const widget = installFakeCheckoutWidget();
    const { user, calls, goals } = setup('/tv/2/');
    await user.click(await screen.findByRole('button', { name: 'Смотреть' }));
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    const controller = engine.last();
    expect(controller.options.goods).toEqual({ is_bought: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The server cut the preview: the final block, whose button opens the payment window.
    act(() => controller.set({ paywall: 'final', previewExpired: true, previewRemaining: 0 }));
    const final = await screen.findByRole('dialog', { name: 'Бесплатный просмотр закончился' });
    await user.click(within(final).getByRole('button'));
    await vi.waitFor(() =>
      expect(calls.find((call) => call.id === 'createPayment')?.input).toMatchObject({
        body: { package_id: 5 },
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Заплатить' }));
    await vi.waitFor(() => expect(controller.calls).toContain('setBought:true'));
    expect(engine.controllers).toHaveLength(1);
    expect(goals).toEqual([{ goal: 'EK_BUY_SUCCESS', params: { tv_channel_id: 2, package_id: 5 } }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    widget.remove();
  });

  it('does not play on another channel what was bought on the one before, when the viewer switched during the purchase', async () => {
    const widget = installFakeCheckoutWidget();
    // The package's answer after the payment waits until the test lets it go.
    const billing = billingHandlers({ delay: 0, packages: tvPackages() });
    let held: Promise<void> | undefined;
    let release = () => {};
    const { user } = setup('/tv/2/', {
      handlers: {
        ...billing,
        getPackageByChannel: async (input) => {
          if ((input as { body: { stream_id: number } }).body.stream_id === 2) await held;
          return billing.getPackageByChannel?.(input);
        },
      },
    });
    // Channel 2: a programme of the archive, in preview; its final block opens the payment window.
    const week = await screen.findByRole('region', { name: 'Телепрограмма на неделю' });
    const today = await within(week).findByRole('region', { name: 'Сегодня' });
    await user.click(await within(today).findByRole('button', { name: 'Вся программа (12)' }));
    await user.click(within(today).getByRole('button', { name: 'Смотреть: 08:00 Кино до обеда В записи' }));
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    const controller = engine.last();
    const archiveStart = new Date(midnight() + 8 * HOUR).toISOString();
    expect(controller.options.channel).toEqual({ streamId: 2, archiveStart });
    act(() => controller.set({ paywall: 'final', previewExpired: true, previewRemaining: 0 }));
    const final = await screen.findByRole('dialog', { name: 'Бесплатный просмотр закончился' });
    await user.click(within(final).getByRole('button'));
    held = new Promise((resolve) => {
      release = resolve;
    });
    await user.click(await screen.findByRole('button', { name: 'Заплатить' }));
    await vi.waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Заплатить' })).not.toBeInTheDocument(),
    );
    // Before the package's answer, the viewer goes on to channel 3.
    await user.click(screen.getByRole('link', { name: 'Следующий канал: Спорт 24' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Спорт 24' })).toBeInTheDocument();
    await vi.waitFor(() => expect(controller.calls).toContain('switchChannel:3:live:false'));
    await act(async () => {
      release();
      await held;
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    // Channel 3 goes on live: the programme of channel 2's archive asked for before is not played on it.
    expect(controller.calls.filter((call) => call.startsWith('switchChannel:3'))).toEqual([
      'switchChannel:3:live:false',
    ]);
    expect(controller.calls.some((call) => call.includes(archiveStart) && call.includes(':3:'))).toBe(false);
    expect(engine.controllers).toHaveLength(1);
    widget.remove();
  });

  it('plays a programme of the archive from its start when pressed in the week', async () => {
    const { user, calls } = setup('/tv/2/', { packages: boughtPackages() });
    const week = await screen.findByRole('region', { name: 'Телепрограмма на неделю' });
    const today = await within(week).findByRole('region', { name: 'Сегодня' });
    await within(today).findAllByRole('listitem');
    await user.click(within(today).getByRole('button', { name: 'Вся программа (12)' }));
    await user.click(within(today).getByRole('button', { name: 'Смотреть: 08:00 Кино до обеда В записи' }));
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    await engine.last().options.loadChannel(engine.last().options.channel);
    expect(releaseCalls(calls)).toEqual([
      {
        body: {
          stream_id: 2,
          dev_model: 'web',
          archive_start: new Date(midnight() + 8 * HOUR).toISOString(),
        },
      },
    ]);
    // The one on air plays live; programmes to come do not play.
    await user.click(within(today).getByRole('button', { name: 'Смотреть: Сейчас Дневные новости' }));
    await vi.waitFor(() => expect(engine.last().calls).toContain('switchChannel:2:live:true'));
    expect(engine.controllers).toHaveLength(1);
    expect(within(today).queryByRole('button', { name: /12:00/ })).not.toBeInTheDocument();
  });

  it('plays the archived programme the guide asked for when the package is bought', async () => {
    const start = new Date(midnight() + 6 * HOUR).toISOString();
    const { calls, router } = setup('/tv/2/', {
      packages: boughtPackages(),
      state: channelPageState({ kind: 'archive', start }),
    });
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    await engine.last().options.loadChannel(engine.last().options.channel);
    expect(releaseCalls(calls)).toEqual([{ body: { stream_id: 2, dev_model: 'web', archive_start: start } }]);
    // Taken once: the entry no longer asks for it (a reload does not replay it).
    await vi.waitFor(() => expect(router.state.location.state).toBeNull());
  });

  it('plays the preview of what the guide asked for when the package is not bought', async () => {
    setup('/tv/3/', { state: channelPageState({ kind: 'live' }) });
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    expect(engine.last().options).toMatchObject({ channel: { streamId: 3 }, goods: { is_bought: false } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('moves the programme on air on by itself when it ends (a timer, not polling)', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    // Half a minute past: a minute's polling would notice 12:00 only at 12:00:30.
    vi.setSystemTime(midnight() + 11.5 * HOUR + 30_000);
    renderApp('/tv/2/');
    expect(await screen.findByRole('heading', { level: 2, name: 'Дневные новости' })).toBeInTheDocument();
    const advanceTo = (at: number) => act(() => vi.advanceTimersByTimeAsync(at - Date.now()));
    await advanceTo(midnight() + 12 * HOUR - 2_000);
    expect(screen.getByRole('heading', { level: 2, name: 'Дневные новости' })).toBeInTheDocument();
    // 12:00 passes: «Сериал «Северный ветер»» is on at once, and the next three move on with it. The
    // week's days render in a deferred render (useDeferredValue), which a loaded machine may finish
    // after the timers have run: waited for, for a few real seconds — far short of 12:00:30.
    await advanceTo(midnight() + 12 * HOUR + 2_000);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Сериал «Северный ветер»' }),
    ).toBeInTheDocument();
    expect(Date.now()).toBeLessThan(midnight() + 12 * HOUR + 30_000);
    expect(screen.getByText('12:00').closest('p')).toHaveTextContent('12:00 – 14:00');
    const next = screen.getByRole('region', { name: 'Далее' });
    expect(within(next).getAllByRole('listitem')[0]).toHaveTextContent('14:00 Спорт');
  });

  it('moves the week and the programme on air on at midnight while the page stays open', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    vi.setSystemTime(midnight() + 23.5 * HOUR);
    const [today, , , , , , lastDay, dayAfter] = scheduleDays(Date.now(), viewerTimeZone(), 8);
    const { calls } = renderApp('/tv/2/');
    expect(await screen.findByRole('heading', { level: 2, name: 'Поздний сеанс' })).toBeInTheDocument();
    const week = screen.getByRole('region', { name: 'Телепрограмма на неделю' });
    const cards = () =>
      within(week)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent);
    const daysAsked = () =>
      calls
        .filter((call) => call.id === 'getTvSchedule')
        .map((call) => (call.input as { body: { tv_schedule_day_start_utc0: string } }).body)
        .map((body) => body.tv_schedule_day_start_utc0);
    const before = cards();
    expect(daysAsked()).toEqual(expect.arrayContaining([today?.dayStart, lastDay?.dayStart]));
    expect(daysAsked()).not.toContain(dayAfter?.dayStart);
    await act(() => vi.advanceTimersByTimeAsync((today?.endsAt ?? 0) + 2_000 - Date.now()));
    // The new day: its midnight programme is on air, the week starts on it and asks for the day after.
    expect(await screen.findByRole('heading', { level: 2, name: 'Ночной эфир' })).toBeInTheDocument();
    await vi.waitFor(() => expect(daysAsked()).toContain(dayAfter?.dayStart));
    await vi.waitFor(() => expect(cards()).not.toEqual(before));
    expect(cards()).toHaveLength(7);
    expect(cards().slice(0, 2)).toEqual(['Сегодня', 'Завтра']);
    // The dated cards move up by one; the last is a day further on.
    expect(cards().slice(2, 6)).toEqual(before.slice(3));
    const todayCard = within(week).getByRole('region', { name: 'Сегодня' });
    expect(within(todayCard).getAllByRole('listitem')[0]).toHaveTextContent('Сейчас Ночной эфир');
  });

  it('moves the week on at midnight by its own timer when no programme starts or ends then', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    vi.setSystemTime(midnight() + 23.5 * HOUR);
    const [today, , , , , , , dayAfter] = scheduleDays(Date.now(), viewerTimeZone(), 8);
    // A channel with nothing in its schedule: no programme's start or end sets a timer.
    const fake = createFakeServices({ handlers: { getTvSchedule: () => ({ items: [], archive_days: 0 }) } });
    const { calls } = renderApp('/tv/2/', { fake });
    const week = await screen.findByRole('region', { name: 'Телепрограмма на неделю' });
    await vi.waitFor(() => expect(calls.filter((call) => call.id === 'getTvSchedule')).toHaveLength(7));
    const firstCard = () => within(week).getAllByRole('heading', { level: 3 })[0];
    await act(() => vi.advanceTimersByTimeAsync((today?.endsAt ?? 0) - 2_000 - Date.now()));
    expect(calls.filter((call) => call.id === 'getTvSchedule')).toHaveLength(7);
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    await vi.waitFor(() => expect(calls.filter((call) => call.id === 'getTvSchedule')).toHaveLength(8));
    expect(calls.at(-1)?.input).toEqual({
      body: { tv_schedule_day_start_utc0: dayAfter?.dayStart, stream_id: 2 },
    });
    expect(firstCard()).toHaveTextContent('Сегодня');
  });

  it('switches channels with a remote’s ChannelUp/ChannelDown and on-screen links, in the TV tab’s order', async () => {
    const { user, where } = setup('/tv/2/?utm=1');
    await screen.findByRole('heading', { level: 1, name: 'Кино ТВ' });
    const slot = player();
    await user.keyboard('{ChannelUp}');
    await vi.waitFor(() => expect(where()).toBe('/tv/3/?utm=1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Спорт 24' })).toBeInTheDocument();
    // The same page, not a reload: the player slot stayed mounted.
    expect(player()).toBe(slot);
    await user.keyboard('{ChannelDown}{ChannelDown}');
    await vi.waitFor(() => expect(where()).toBe('/tv/1/?utm=1'));
    // A TV browser that names the button Unidentified: its key code says it.
    fireEvent.keyDown(document.body, { key: 'Unidentified', keyCode: 428 });
    await vi.waitFor(() => expect(where()).toBe('/tv/9/?utm=1'));
    fireEvent.keyDown(document.body, { key: 'Unidentified', keyCode: 427 });
    await vi.waitFor(() => expect(where()).toBe('/tv/1/?utm=1'));
    await user.click(await screen.findByRole('link', { name: 'Следующий канал: Кино ТВ' }));
    await vi.waitFor(() => expect(where()).toBe('/tv/2/?utm=1'));
    expect(screen.getByRole('link', { name: 'Предыдущий канал: Первый' })).toHaveAttribute(
      'href',
      '/tv/1/?utm=1',
    );
  });

  it('leaves PageUp and PageDown to scroll the page outside the player, and switches with them in it', async () => {
    const { user, where } = setup('/tv/2/');
    await screen.findByRole('heading', { level: 1, name: 'Кино ТВ' });
    const guide = screen.getByRole('link', { name: 'Телепрограмма' });
    guide.focus();
    // Not prevented: the browser scrolls the page.
    expect(fireEvent.keyDown(guide, { key: 'PageDown', keyCode: 34 })).toBe(true);
    await user.keyboard('{PageUp}');
    expect(where()).toBe('/tv/2/');
    within(player()).getByRole('button', { name: 'Смотреть' }).focus();
    await user.keyboard('{PageUp}');
    await vi.waitFor(() => expect(where()).toBe('/tv/3/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Спорт 24' })).toBeInTheDocument();
  });

  it('switches channels with PageUp and PageDown anywhere on a TV, whose remote may send them', async () => {
    const { user, where } = setup('/tv/2/', { deviceKind: 'tv' });
    await screen.findByRole('heading', { level: 1, name: 'Кино ТВ' });
    screen.getByRole('link', { name: 'Телепрограмма' }).focus();
    await user.keyboard('{PageDown}');
    await vi.waitFor(() => expect(where()).toBe('/tv/1/'));
  });

  it('goes on playing live on the next channel when it is bought', async () => {
    const { user, calls } = setup('/tv/2/', { packages: boughtPackages(true) });
    await user.click(await screen.findByRole('button', { name: 'Смотреть' }));
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    await user.keyboard('{ChannelUp}');
    // The same player switches (decision 031): no second controller.
    await vi.waitFor(() => expect(engine.last().calls).toContain('switchChannel:3:live:true'));
    expect(engine.controllers).toHaveLength(1);
    await engine.last().options.loadChannel({ streamId: 3, archiveStart: null });
    expect(releaseCalls(calls).at(-1)).toEqual({ body: { stream_id: 3, dev_model: 'web' } });
  });

  it('fetches the bought neighbours’ grants once the channel plays; a change to one takes it once', async () => {
    const { user, calls } = setup('/tv/2/', { packages: boughtPackages(true) });
    await screen.findByRole('button', { name: 'Смотреть' });
    // Nothing is fetched ahead before the viewer watches.
    expect(releaseCalls(calls)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Смотреть' }));
    await vi.waitFor(() =>
      expect(releaseCalls(calls)).toEqual(
        expect.arrayContaining([
          { body: { stream_id: 1, dev_model: 'web' } },
          { body: { stream_id: 3, dev_model: 'web' } },
        ]),
      ),
    );
    const before = releaseCalls(calls).length;
    // What the player's switch to channel 3 asks for (the fake controller does not ask by itself): the
    // grant fetched ahead, without a call to the api; the next one asks again.
    const release = await engine.last().options.loadChannel({ streamId: 3, archiveStart: null });
    expect(release.stream.stream_url).toMatch(/\/3\/master\.m3u8$/);
    expect(releaseCalls(calls)).toHaveLength(before);
    await engine.last().options.loadChannel({ streamId: 3, archiveStart: null });
    expect(releaseCalls(calls)).toHaveLength(before + 1);
  });

  it('fetches ahead no grant of a neighbour whose package is not bought (it would start a preview)', async () => {
    const { user, calls } = setup('/tv/2/', { packages: boughtPackages() });
    await user.click(await screen.findByRole('button', { name: 'Смотреть' }));
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.id === 'getPackageByChannel').length).toBeGreaterThanOrEqual(3),
    );
    expect(releaseCalls(calls)).toEqual([]);
  });

  it('goes on to a channel whose package is not bought with its preview, in the same player', async () => {
    const { user } = setup('/tv/2/', { packages: boughtPackages() });
    await user.click(await screen.findByRole('button', { name: 'Смотреть' }));
    await vi.waitFor(() => expect(engine.controllers).toHaveLength(1));
    // PageUp in the playing player.
    player().focus();
    await user.keyboard('{PageUp}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Спорт 24' })).toBeInTheDocument();
    await vi.waitFor(() => expect(engine.last().calls).toContain('switchChannel:3:live:false'));
    expect(engine.controllers).toHaveLength(1);
    expect(engine.last().calls).not.toContain('destroy');
  });

  it('leaves the channel keys to text fields, also on a TV', async () => {
    const { user, where } = setup('/tv/2/', { deviceKind: 'tv' });
    await screen.findByRole('heading', { level: 1, name: 'Кино ТВ' });
    await user.click(screen.getByRole('button', { name: 'Поиск' }));
    const search = await screen.findByRole('searchbox');
    expect(search).toHaveFocus();
    await user.keyboard('{PageUp}{ChannelUp}');
    expect(where()).toBe('/tv/2/');
  });
});

describe('the channel page when something fails (SPEC §8)', () => {
  it('says an unknown channel is not found', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setup('/tv/99/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Телеканал не найден' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Все телеканалы' })).toHaveAttribute('href', '/tv');
  });

  it('says an id that is not a channel’s is not found, without asking', async () => {
    const { calls } = setup('/tv/abc/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Телеканал не найден' })).toBeInTheDocument();
    expect(calls.filter((call) => call.id === 'getPackageByChannel' || call.id === 'getTvSchedule')).toEqual(
      [],
    );
  });

  it('empties the days whose schedule failed and says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setup('/tv/2/', {
      handlers: {
        getTvSchedule: () => {
          throw apiError(500, 'internal');
        },
      },
    });
    const failed = await screen.findAllByText('Не удалось загрузить программу. Попробуйте позже.');
    expect(failed).toHaveLength(2);
    const week = screen.getByRole('region', { name: 'Телепрограмма на неделю' });
    expect(within(week).getAllByText('Не удалось загрузить программу')).toHaveLength(7);
    // Watch still works: the stream does not depend on the schedule.
    expect(screen.getByRole('button', { name: 'Смотреть' })).toBeInTheDocument();
  });

  it('says when the package could not be loaded, and asks again on retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const base = billingHandlers({ packages: tvPackages() });
    const { user, calls } = setup('/tv/2/', {
      handlers: {
        getPackageByChannel: (input) => {
          if (fail) throw apiError(500, 'internal');
          return base.getPackageByChannel?.(input);
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось узнать, подключён ли телеканал.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    await vi.waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.id === 'getPackageByChannel')).toHaveLength(2);
  });
});
