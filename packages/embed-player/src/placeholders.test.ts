import { describe, expect, it } from 'vitest';
import { describeClient, fillPlaceholders } from './placeholders.js';

describe('fillPlaceholders', () => {
  it('fills every placeholder, whatever its case, URL-encoded', () => {
    const url = fillPlaceholders(
      'https://r.example/c?os={os_name}&v={OS_VERSION}&b={Browser_Name}&bv={browser_version}&p={PAGE_URL}' +
        '&a={app_id}&t={request_time}&l={lock}&s={status}&e={error}',
      {
        os_name: 'macOS',
        os_version: '10.15.7',
        browser_name: 'Chrome',
        browser_version: '120',
        page_url: 'https://partner.example/watch?id=1&x=кино',
        app_id: 0,
        request_time: 1_700_000_000_000,
        lock: false,
        status: 503,
        error: 'HTTP 503 & more',
      },
    );
    expect(url).toBe(
      'https://r.example/c?os=macOS&v=10.15.7&b=Chrome&bv=120' +
        '&p=https%3A%2F%2Fpartner.example%2Fwatch%3Fid%3D1%26x%3D%D0%BA%D0%B8%D0%BD%D0%BE' +
        '&a=0&t=1700000000000&l=false&s=503&e=HTTP%20503%20%26%20more',
    );
  });

  it('leaves unknown placeholders as they are and fills missing values with nothing', () => {
    expect(fillPlaceholders('https://r.example/{unknown}?e={error}&x={constructor}&l={lock}', {})).toBe(
      'https://r.example/{unknown}?e=&x={constructor}&l=',
    );
  });
});

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Safari/537.36 Edg/121.0.2277.83',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:122.0) Gecko/20100101 Firefox/122.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
  chromeIpad:
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/119.0.6045.169 Mobile/15E148 Safari/604.1',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36',
  opera:
    'Mozilla/5.0 (Windows NT 6.1; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Safari/537.36 OPR/105.0.0.0',
  yandex:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/118.0.0.0 YaBrowser/23.11.0.0 Safari/537.36',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0',
};

describe('describeClient', () => {
  it.each([
    ['chromeWindows', 'Windows', '10.0', 'Chrome', '120'],
    ['edge', 'Windows', '10.0', 'Edge', '121'],
    ['firefoxLinux', 'Linux', '', 'Firefox', '122'],
    ['safariMac', 'macOS', '10.15.7', 'Safari', '17'],
    ['safariIphone', 'iOS', '17.2.1', 'Safari', '17'],
    ['chromeIpad', 'iOS', '16.6', 'Chrome', '119'],
    ['chromeAndroid', 'Android', '13', 'Chrome', '120'],
    ['opera', 'Windows', '6.1', 'Opera', '105'],
    ['yandex', 'Windows', '10.0', 'YaBrowser', '23'],
    ['firefoxAndroid', 'Android', '14', 'Firefox', '121'],
  ] as const)('%s', (name, os_name, os_version, browser_name, browser_version) => {
    expect(describeClient(UA[name])).toEqual({ os_name, os_version, browser_name, browser_version });
  });

  it('knows nothing of an unknown agent, and reads only its first 350 characters', () => {
    expect(describeClient('curl/8.4.0')).toEqual({
      os_name: '',
      os_version: '',
      browser_name: '',
      browser_version: '',
    });
    expect(describeClient(`${'x'.repeat(350)} Windows NT 10.0 Firefox/1`).os_name).toBe('');
  });
});
