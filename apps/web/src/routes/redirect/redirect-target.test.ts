import { describe, expect, it } from 'vitest';
import { carriedQuery, collectRedirectIds, redirectTarget } from './redirect-target';

describe('redirectTarget', () => {
  it('goes to the episode with EK_id and EP_id', () => {
    expect(redirectTarget({ EK_id: '12', EP_id: '34' })).toBe('/movie/12/34/');
  });

  it('goes to the content card with only EK_id', () => {
    expect(redirectTarget({ EK_id: '12' })).toBe('/movie/12/');
  });

  it('prefers the content over a channel when both are given', () => {
    expect(redirectTarget({ EK_id: '12', tv_channel_id: '7' })).toBe('/movie/12/');
  });

  it('goes to the channel with tv_channel_id', () => {
    expect(redirectTarget({ tv_channel_id: '7' })).toBe('/tv/7/');
  });

  it('ignores an EP_id without EK_id', () => {
    expect(redirectTarget({ EP_id: '34' })).toBe('/');
  });

  it('goes home otherwise', () => {
    expect(redirectTarget({})).toBe('/');
    expect(redirectTarget({ EK_id: '', tv_channel_id: null })).toBe('/');
  });

  it('encodes ids', () => {
    expect(redirectTarget({ EK_id: 'a/b' })).toBe('/movie/a%2Fb/');
  });
});

describe('collectRedirectIds', () => {
  it('takes ids from route params before the query', () => {
    const ids = collectRedirectIds({ EK_id: '1' }, new URLSearchParams('EK_id=9&EP_id=2'));
    expect(ids).toEqual({ EK_id: '1', EP_id: '2', tv_channel_id: null });
  });
});

describe('carriedQuery', () => {
  it('keeps campaign parameters and drops the consumed ids', () => {
    expect(carriedQuery(new URLSearchParams('EK_id=1&utm_source=x&tv_channel_id=3'))).toBe('?utm_source=x');
    expect(carriedQuery(new URLSearchParams('EK_id=1'))).toBe('');
  });
});
