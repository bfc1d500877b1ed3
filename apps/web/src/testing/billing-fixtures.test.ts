import { describe, expect, it } from 'vitest';
import { billingHandlers } from './billing-fixtures';

const body = (fields: Record<string, unknown>) => ({ body: fields });

describe('the billing fake', () => {
  it('answers a repeated cancel or restore as the first, like the api, and refuses one with no first', () => {
    const calls = billingHandlers();
    const cancel = () => calls.unsubscribePackage!(body({ package_id: 2 }));
    const restore = () => calls.restorePackage!(body({ package_id: 2 }));
    expect(restore).toThrow(expect.objectContaining({ code: 424 }));
    expect(cancel()).toEqual({ package_id: 2, status: 'cancelled' });
    expect(cancel()).toEqual({ package_id: 2, status: 'cancelled' });
    expect(restore()).toEqual({ package_id: 2, status: 'confirmed' });
    expect(restore()).toEqual({ package_id: 2, status: 'confirmed' });
  });

  it('answers a repeated card deletion as the first', () => {
    const card = { number: '•••• 4444' };
    const calls = billingHandlers({ packages: [], cards: { is_recurrent: true, cards: [card] } });
    expect(calls.deleteCard!(body({ card_number: card.number }))).toEqual({ ok: true });
    expect(calls.deleteCard!(body({ card_number: card.number }))).toEqual({ ok: true });
    expect(calls.getCardList!(undefined)).toMatchObject({ cards: [] });
  });
});
