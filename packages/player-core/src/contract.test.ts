import { type episode, type getReleaseChannel, type goods, release } from '@kadr/api-contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { createPlayerController } from './controller.js';
import { createFakeAdapter } from './testing/fake-adapter.js';
import type { PlayerChannelRelease, PlayerEpisode, PlayerGoods, PlayerRelease } from './types.js';

// The API contract's shapes go into the controller as they are: the build breaks here when they drift.
describe('the API contract fits the controller', () => {
  it('types: Release, Goods and Episode are accepted without mapping', () => {
    expectTypeOf<z.infer<typeof release>>().toExtend<PlayerRelease>();
    expectTypeOf<z.infer<typeof goods>>().toExtend<PlayerGoods>();
    expectTypeOf<z.infer<typeof episode>>().toExtend<PlayerEpisode>();
  });

  it('types: getReleaseChannel’s answer goes into the channel controller without mapping', () => {
    expectTypeOf<z.infer<typeof getReleaseChannel.response>>().toExtend<PlayerChannelRelease>();
  });

  it('a release parsed by the contract plays, and its preview_timer drives the countdown', async () => {
    const parsed = release.parse({
      content_url: 'https://cdn.test/master.m3u8',
      drm: null,
      preview_timer: 45,
    });
    const adapter = createFakeAdapter();
    const controller = createPlayerController({
      contentKind: 'film',
      goods: { is_bought: false },
      release: parsed,
      loadRelease: async () => parsed,
      adapterFactory: () => adapter,
    });
    await controller.play();
    expect(adapter.source).toEqual({ url: 'https://cdn.test/master.m3u8', drm: null });
    expect(controller.getSnapshot().previewRemaining).toBe(45);
    controller.destroy();
  });
});
