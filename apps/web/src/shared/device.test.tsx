import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  arrivedFromSmartTv,
  type DeviceKind,
  DeviceKindContext,
  detectDeviceKind,
  useRailArrows,
} from './device';

const agents = {
  chrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36',
  tizen:
    'Mozilla/5.0 (SMART-TV; LINUX; Tizen 7.0) AppleWebKit/537.36 (KHTML, like Gecko) 94.0.4606.31/7.0 TV Safari/537.36',
  webos:
    'Mozilla/5.0 (Web0S; Linux/SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/108.0 Safari/537.36 WebAppManager',
  /** A TV box's web view: an Android agent with no "Mobile" and no TV marker. */
  androidTvWebView:
    'Mozilla/5.0 (Linux; Android 11; MIBOX4 Build/RP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0 Safari/537.36',
};

describe('detectDeviceKind', () => {
  it('sees a desktop browser in a wide window', () => {
    expect(detectDeviceKind(agents.chrome, 1280)).toBe('desktop');
  });

  it('sees phones by their user agent, even when wide', () => {
    expect(detectDeviceKind(agents.iphone, 1024)).toBe('mobile');
    expect(detectDeviceKind(agents.android, 900)).toBe('mobile');
  });

  it('treats a narrow desktop window as mobile', () => {
    expect(detectDeviceKind(agents.chrome, 390)).toBe('mobile');
  });

  it('sees smart TVs by their user agent', () => {
    expect(detectDeviceKind(agents.tizen, 1920)).toBe('tv');
    expect(detectDeviceKind(agents.webos, 1280)).toBe('tv');
  });
});

describe('a visit from a smart-TV app', () => {
  const home = 'https://kadr.example/promo/web/';

  it('is seen by the address redirect=smart_tv', () => {
    expect(arrivedFromSmartTv(`${home}movie/42/?utm_source=tv&redirect=smart_tv`)).toBe(true);
  });

  it('is not seen from the marker an earlier visit stored: a laptop that once opened the TV app’s link keeps its layout', () => {
    expect(arrivedFromSmartTv(home)).toBe(false);
  });

  it('is not seen without either, or with another redirect value', () => {
    expect(arrivedFromSmartTv(`${home}?redirect=other`)).toBe(false);
  });

  it('gets the TV layout on a wide screen whatever its user agent says, a TV box’s Android web view included', () => {
    expect(detectDeviceKind(agents.chrome, 1920, true)).toBe('tv');
    expect(detectDeviceKind(agents.androidTvWebView, 1920, true)).toBe('tv');
    expect(detectDeviceKind(agents.androidTvWebView, 1920)).toBe('mobile');
  });

  it('keeps a phone’s layout on a phone that followed the TV app’s link', () => {
    expect(detectDeviceKind(agents.iphone, 1024, true)).toBe('mobile');
    expect(detectDeviceKind(agents.android, 900, true)).toBe('mobile');
    expect(detectDeviceKind(agents.chrome, 390, true)).toBe('mobile');
  });
});

describe('useRailArrows', () => {
  const arrowsOn = (kind: DeviceKind) => {
    const { result } = renderHook(() => useRailArrows(), {
      wrapper: ({ children }) => (
        <DeviceKindContext.Provider value={kind}>{children}</DeviceKindContext.Provider>
      ),
    });
    return result.current;
  };

  it('gives rail arrows to a desktop only', () => {
    expect({ desktop: arrowsOn('desktop'), mobile: arrowsOn('mobile'), tv: arrowsOn('tv') }).toEqual({
      desktop: true,
      mobile: false,
      tv: false,
    });
  });
});
