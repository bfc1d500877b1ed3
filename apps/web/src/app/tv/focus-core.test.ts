import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTROLS_IDLE_MS, createFocusCore, type FocusCore, IDLE_ATTRIBUTE } from './focus-core';

/**
 * jsdom lays nothing out: every element's box comes from its `data-box` ("left top width height"),
 * and a group's box is the union of its children's.
 */
function box(element: Element): DOMRect {
  const own = element.getAttribute('data-box');
  if (own) {
    const [x = 0, y = 0, width = 0, height = 0] = own.split(' ').map(Number);
    return new DOMRect(x, y, width, height);
  }
  const rects = Array.from(element.children)
    .map(box)
    .filter((rect) => rect.width > 0);
  if (rects.length === 0) return new DOMRect(0, 0, 0, 0);
  const left = Math.min(...rects.map((rect) => rect.left));
  const top = Math.min(...rects.map((rect) => rect.top));
  const right = Math.max(...rects.map((rect) => rect.right));
  const bottom = Math.max(...rects.map((rect) => rect.bottom));
  return new DOMRect(left, top, right - left, bottom - top);
}

const HOME = `
  <header><a href="/" data-box="0 0 100 40">Каталог</a><a href="/tv" data-box="120 0 100 40">ТВ</a></header>
  <main>
    <section aria-label="Новинки">
      <a href="/movie/1" data-box="0 100 200 300">Фильм 1</a>
      <a href="/movie/2" data-box="220 100 200 300">Фильм 2</a>
      <a href="/movie/3" data-box="440 100 200 300">Фильм 3</a>
    </section>
    <section aria-label="Сериалы">
      <a href="/movie/4" data-box="0 450 200 300">Сериал 1</a>
      <a href="/movie/5" data-box="220 450 200 300">Сериал 2</a>
    </section>
  </main>`;

let core: FocusCore | undefined;

function setup(
  html: string,
  { home = false, schedule }: { home?: boolean; schedule?: (task: () => void) => void } = {},
) {
  document.body.innerHTML = html;
  const goBack = vi.fn();
  core = createFocusCore({
    root: document.body,
    isHome: () => home,
    goBack,
    isVisible: (element) => !element.closest('[data-off]'),
    schedule: schedule ?? ((task) => queueMicrotask(task)),
  });
  return { goBack };
}

function press(key: string, keyCode?: number): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, keyCode, bubbles: true, cancelable: true });
  (document.activeElement ?? document.body).dispatchEvent(event);
  document.activeElement?.dispatchEvent(new KeyboardEvent('keyup', { key, keyCode, bubbles: true }));
  return event;
}

const byText = (text: string) =>
  Array.from(document.querySelectorAll<HTMLElement>('a, button, input')).find(
    (element) => element.textContent === text || element.getAttribute('aria-label') === text,
  );

async function focusedOn(text: string) {
  await vi.waitFor(() =>
    expect(document.activeElement?.getAttribute('aria-label') || document.activeElement?.textContent).toBe(
      text,
    ),
  );
}

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return box(this);
  });
});

afterEach(() => {
  core?.destroy();
  core = undefined;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the focus core', () => {
  it('focuses the screen’s first item, not the header, when the screen starts', async () => {
    setup(HOME);
    await focusedOn('Фильм 1');
  });

  it('keeps the item a screen focused by itself when it starts', async () => {
    document.body.innerHTML = '';
    setup(
      `<main><button type="button" data-box="0 0 100 40">Назад</button>
       <button type="button" data-box="0 100 400 40">Сейчас Новости</button></main>`,
    );
    byText('Сейчас Новости')?.focus();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await focusedOn('Сейчас Новости');
  });

  it('moves along a rail with left and right', async () => {
    setup(HOME);
    await focusedOn('Фильм 1');
    press('ArrowRight');
    await focusedOn('Фильм 2');
    press('ArrowRight');
    await focusedOn('Фильм 3');
    press('ArrowLeft');
    await focusedOn('Фильм 2');
  });

  it('moves between rails with down and into the header with up', async () => {
    setup(HOME);
    await focusedOn('Фильм 1');
    press('ArrowDown');
    await focusedOn('Сериал 1');
    press('ArrowUp');
    await focusedOn('Фильм 1');
    press('ArrowUp');
    await focusedOn('Каталог');
  });

  it('takes the arrows from the page (no native scrolling) and leaves unknown keys alone', async () => {
    setup(HOME);
    await focusedOn('Фильм 1');
    const arrow = press('ArrowRight');
    const unknown = press('a', 65);
    const colour = press('ColorF0Red', 403);
    await focusedOn('Фильм 2');
    expect({
      arrow: arrow.defaultPrevented,
      unknown: unknown.defaultPrevented,
      colour: colour.defaultPrevented,
    }).toEqual({
      arrow: true,
      unknown: false,
      colour: false,
    });
  });

  it('activates the focused item with Enter', async () => {
    setup('<main><button type="button" data-box="0 0 100 40">Смотреть</button></main>');
    await focusedOn('Смотреть');
    const click = vi.fn();
    byText('Смотреть')?.addEventListener('click', click);
    press('Enter');
    await vi.waitFor(() => expect(click).toHaveBeenCalledTimes(1));
  });

  it('submits a text field’s form with Enter', async () => {
    setup('<main><form><input type="tel" aria-label="Телефон" data-box="0 0 300 40" /></form></main>');
    await focusedOn('Телефон');
    const submit = vi.fn((event: Event) => event.preventDefault());
    document.querySelector('form')?.addEventListener('submit', submit);
    press('Enter');
    await vi.waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
  });

  it('chooses an option of a focused list with up and down instead of leaving it', async () => {
    setup(
      `<main><select aria-label="Качество" data-box="0 0 200 40"><option>Авто</option><option>720p</option></select>
       <button type="button" data-box="0 100 100 40">Пауза</button></main>`,
    );
    await focusedOn('Качество');
    const change = vi.fn();
    document.querySelector('select')?.addEventListener('change', change);
    press('ArrowDown');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect({ value: document.querySelector('select')?.value, changes: change.mock.calls.length }).toEqual({
      value: '720p',
      changes: 1,
    });
    await focusedOn('Качество');
  });

  it('survives keys pressed while a screen loads and focuses its first item when it arrives', async () => {
    setup('<header></header><main aria-busy="true"></main>');
    expect(() => {
      press('ArrowDown');
      press('Enter');
      press('Unidentified', 461);
    }).not.toThrow();
    const main = document.querySelector('main');
    main?.insertAdjacentHTML('beforeend', '<button type="button" data-box="0 100 100 40">Смотреть</button>');
    await focusedOn('Смотреть');
  });

  it('goes up to what is above on the page, not into the sticky header over it', async () => {
    setup(
      `<header><a href="/" data-box="0 0 100 40">Каталог</a></header>
       <main><button type="button" data-box="0 -200 100 40">Смотреть</button>
       <section aria-label="Серии"><a href="/e/1" data-box="0 300 200 100">1 серия</a></section></main>`,
    );
    // The page is scrolled 500 px down: Смотреть is under the header, off the screen.
    document.documentElement.setAttribute('data-box', '0 -500 1000 3000');
    byText('1 серия')?.focus();
    await focusedOn('1 серия');
    press('ArrowUp');
    await focusedOn('Смотреть');
    document.documentElement.removeAttribute('data-box');
  });

  it('gives the focus back to the last focused item still there when the focused one goes away', async () => {
    setup(
      `<main><button type="button" data-box="0 0 100 40">Смотреть</button>
       <section aria-label="Плеер"><button type="button" data-box="0 100 100 40">Пауза</button></section></main>`,
    );
    await focusedOn('Смотреть');
    press('ArrowDown');
    await focusedOn('Пауза');
    document.querySelector('section')?.remove();
    await focusedOn('Смотреть');
  });
});

describe('what the remote reaches', () => {
  it('reaches every tab of a roving tab index, but not a region focusable by script only', async () => {
    setup(
      `<main tabindex="-1"><div role="tablist"><button type="button" role="tab" data-box="0 0 100 40">Сезон 1</button>
       <button type="button" role="tab" tabindex="-1" data-box="120 0 100 40">Сезон 2</button></div>
       <section tabindex="-1" aria-label="Плеер" data-box="0 100 400 200"></section></main>`,
    );
    await focusedOn('Сезон 1');
    press('ArrowRight');
    await focusedOn('Сезон 2');
    press('ArrowDown');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await focusedOn('Сезон 2');
  });

  it('leaves the arrows to a region that moves its focus itself, and navigates with those it leaves', async () => {
    setup(
      `<main><div data-own-arrows=""><button type="button" data-box="0 0 400 40">10:00 Новости</button>
       <button type="button" data-box="0 40 400 40">11:00 Кино</button></div>
       <button type="button" data-box="0 200 100 40">О нас</button></main>`,
    );
    const lines = document.querySelector<HTMLElement>('[data-own-arrows]');
    // The region's own handler: down moves to the next line while there is one.
    lines?.addEventListener('keydown', (event) => {
      const next = (event.target as HTMLElement).nextElementSibling as HTMLElement | null;
      if (event.key === 'ArrowDown' && next) {
        event.preventDefault();
        next.focus();
      }
    });
    await focusedOn('10:00 Новости');
    press('ArrowDown');
    await focusedOn('11:00 Кино');
    press('ArrowDown');
    await focusedOn('О нас');
  });

  it('gives the page its focus back when a region focused by the app goes away', async () => {
    setup(
      `<main><button type="button" data-box="0 0 100 40">Смотреть</button>
       <section tabindex="-1" aria-label="Плеер" data-box="0 100 400 200"></section></main>`,
    );
    await focusedOn('Смотреть');
    // The player's region takes the focus and goes before the core has moved it inside.
    const player = document.querySelector<HTMLElement>('section');
    player?.focus();
    player?.remove();
    await focusedOn('Смотреть');
  });
});

describe('back', () => {
  it('goes back from a screen that is not home', async () => {
    const { goBack } = setup(HOME);
    await focusedOn('Фильм 1');
    press('Backspace');
    press('Unidentified', 10009);
    press('Unidentified', 461);
    expect(goBack).toHaveBeenCalledTimes(3);
  });

  it('does nothing on home with nothing open', async () => {
    const { goBack } = setup(HOME, { home: true });
    await focusedOn('Фильм 1');
    const event = press('Escape');
    expect({ goBack: goBack.mock.calls.length, prevented: event.defaultPrevented }).toEqual({
      goBack: 0,
      prevented: true,
    });
    await focusedOn('Фильм 1');
  });

  it('leaves the player by its close button before leaving the screen', async () => {
    const { goBack } = setup(
      `<main><button type="button" data-box="0 0 100 40">Смотреть</button>
       <section data-phase="playing"><button type="button" aria-label="Закрыть плеер" data-back-leaves="" data-box="0 100 40 40"></button></section></main>`,
    );
    const close = vi.fn(() => document.querySelector('[data-phase]')?.remove());
    byText('Закрыть плеер')?.addEventListener('click', close);
    await focusedOn('Смотреть');
    press('Backspace');
    expect({ close: close.mock.calls.length, goBack: goBack.mock.calls.length }).toEqual({
      close: 1,
      goBack: 0,
    });
  });

  it('closes an open dialog the way its Escape does, keeps the focus inside it meanwhile and returns it to the opener', async () => {
    const { goBack } = setup(`<main><button type="button" data-box="0 0 100 40">Войти</button></main>`);
    await focusedOn('Войти');
    document.body.insertAdjacentHTML(
      'beforeend',
      `<div role="dialog" aria-modal="true"><input type="tel" aria-label="Телефон" data-box="500 300 300 40" />
       <button type="button" data-box="500 360 300 40">Получить код</button></div>`,
    );
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]');
    const onEscape = vi.fn((event: KeyboardEvent) => {
      if (event.key === 'Escape') dialog?.remove();
    });
    dialog?.addEventListener('keydown', onEscape);
    await focusedOn('Телефон');
    press('ArrowUp');
    // The service runs one move at a time: let the first finish (a remote's presses are that far apart).
    await new Promise((resolve) => setTimeout(resolve, 20));
    await focusedOn('Телефон');
    press('ArrowDown');
    await focusedOn('Получить код');
    press('ArrowDown');
    await focusedOn('Получить код');
    press('Unidentified', 10009);
    expect({ escapes: onEscape.mock.calls.length, goBack: goBack.mock.calls.length }).toEqual({
      escapes: 1,
      goBack: 0,
    });
    await focusedOn('Войти');
  });

  it('closes an expanded search box with back instead of leaving the screen', async () => {
    const { goBack } = setup(
      `<header><div data-back-closes=""><input type="search" aria-label="Поиск" data-box="0 0 300 40" /></div></header>
       <main><a href="/movie/1" data-box="0 100 200 300">Фильм 1</a></main>`,
    );
    const field = byText('Поиск');
    const onEscape = vi.fn((event: KeyboardEvent) => {
      if (event.key === 'Escape') field?.closest('[data-back-closes]')?.removeAttribute('data-back-closes');
    });
    field?.addEventListener('keydown', onEscape);
    field?.focus();
    press('Backspace');
    expect({ escapes: onEscape.mock.calls.length, goBack: goBack.mock.calls.length }).toEqual({
      escapes: 1,
      goBack: 0,
    });
    field?.blur();
    await focusedOn('Фильм 1');
    press('Backspace');
    expect(goBack).toHaveBeenCalledTimes(1);
  });

  it('returns the focus to the opener of a closed dialog even when the page put it elsewhere first', async () => {
    setup(
      `<main><button type="button" data-box="0 0 100 40">Фильм</button>
       <button type="button" data-box="200 0 100 40">Войти</button></main>`,
    );
    await focusedOn('Фильм');
    press('ArrowRight');
    await focusedOn('Войти');
    document.body.insertAdjacentHTML(
      'beforeend',
      '<div role="dialog" aria-modal="true"><button type="button" data-box="500 300 300 40">Продолжить</button></div>',
    );
    await focusedOn('Продолжить');
    document.querySelector('[role="dialog"]')?.remove();
    byText('Фильм')?.focus();
    await focusedOn('Войти');
  });

  it('moves inside a dialog that has just opened, before its re-scan is due', async () => {
    const due: (() => void)[] = [];
    setup(
      `<main><button type="button" data-box="0 0 100 40">Войти</button>
       <button type="button" data-box="0 100 100 40">Фильм</button></main>`,
      { schedule: (task) => due.push(task) },
    );
    for (const task of due.splice(0)) task();
    await focusedOn('Войти');
    document.body.insertAdjacentHTML(
      'beforeend',
      `<div role="dialog" aria-modal="true"><input type="tel" aria-label="Телефон" data-box="500 300 300 40" />
       <button type="button" data-box="500 360 300 40">Получить код</button></div>`,
    );
    // The dialog focuses its field; the scan that would register it has not run yet.
    document.querySelector<HTMLElement>('input')?.focus();
    await Promise.resolve(); // the DOM change is observed (a microtask)
    press('ArrowDown');
    await focusedOn('Получить код');
  });

  it('lets Backspace delete in a filled text field and be back in an empty one', async () => {
    const { goBack } = setup('<main><input type="tel" aria-label="Телефон" data-box="0 0 300 40" /></main>');
    await focusedOn('Телефон');
    const field = document.activeElement as HTMLInputElement;
    field.value = '912';
    const editing = press('Backspace');
    field.value = '';
    press('Backspace');
    expect({ prevented: editing.defaultPrevented, goBack: goBack.mock.calls.length }).toEqual({
      prevented: false,
      goBack: 1,
    });
  });
});

describe('the player’s controls', () => {
  it('hide after a while without keys and come back on any key, which does nothing else', async () => {
    setup(
      `<main><section data-phase="playing"><div role="toolbar">
       <button type="button" data-box="0 0 40 40">Пауза</button><button type="button" data-box="60 0 40 40">Звук</button>
       </div></section></main>`,
    );
    await focusedOn('Пауза');
    vi.useFakeTimers();
    press('Unidentified', 99999);
    vi.advanceTimersByTime(CONTROLS_IDLE_MS);
    expect(document.documentElement.hasAttribute(IDLE_ATTRIBUTE)).toBe(true);
    press('ArrowRight');
    expect(document.documentElement.hasAttribute(IDLE_ATTRIBUTE)).toBe(false);
    vi.useRealTimers();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement?.textContent).toBe('Пауза');
    press('ArrowRight');
    await focusedOn('Звук');
  });
});
