import { describe, expect, it, vi } from 'vitest';
import { buildKeySystems, type EmeKeySystemOptions, fairPlayLicenseRequest, readCkcMessage } from './drm.js';

type StandardGetLicense = (
  options: unknown,
  message: Uint8Array,
  callback: (error: unknown, license?: Uint8Array) => void,
) => void;
type FairPlayGetLicense = (
  options: unknown,
  contentId: string,
  message: Uint8Array,
  callback: (error: unknown, license?: Uint8Array) => void,
) => void;

function licence(options: EmeKeySystemOptions | undefined) {
  if (!options?.getLicense) throw new Error('no getLicense');
  return options.getLicense;
}

function callLicense(run: (callback: (error: unknown, license?: Uint8Array) => void) => void) {
  return new Promise<{ error: unknown; license?: Uint8Array }>((resolve) =>
    run((error, license) => resolve({ error, license })),
  );
}

describe('FairPlay JSON exchange (SPEC §7)', () => {
  it('sends the SPC as base64 with the content id', () => {
    expect(JSON.parse(fairPlayLicenseRequest(new Uint8Array([1, 2, 255]), 'film-7'))).toEqual({
      spc_message: 'AQL/',
      content_id: 'film-7',
    });
  });

  it('reads ckc_message as bytes and refuses a response without it', () => {
    expect([...readCkcMessage({ ckc_message: 'AQL/' })]).toEqual([1, 2, 255]);
    expect(() => readCkcMessage({})).toThrow('ckc_message');
    expect(() => readCkcMessage(null)).toThrow('ckc_message');
  });

  it('posts the exchange to the licence server, drm_id as the content id, certificate from the release', async () => {
    const fetchImpl = vi.fn(async () => Response.json({ ckc_message: 'CQk=' }));
    const systems = buildKeySystems(
      {
        type: 'fairplay',
        license_server: 'https://drm.test/fps',
        certificate: 'https://drm.test/cert',
        drm_id: 'k-1',
      },
      fetchImpl,
    );
    const options = systems['com.apple.fps.1_0'];
    expect(options?.certificateUri).toBe('https://drm.test/cert');
    expect(options?.getContentId?.({}, 'skd://other')).toBe('k-1');

    const getLicense = licence(options) as FairPlayGetLicense;
    const result = await callLicense((callback) => getLicense({}, 'skd-id', new Uint8Array([7]), callback));
    expect(result.error).toBeNull();
    expect([...(result.license ?? [])]).toEqual([9, 9]);
    expect(fetchImpl).toHaveBeenCalledWith('https://drm.test/fps', {
      method: 'POST',
      body: JSON.stringify({ spc_message: 'Bw==', content_id: 'k-1' }),
      headers: { 'Content-Type': 'application/json' },
    });
  });

  it('passes a licence server failure to contrib-eme', async () => {
    const fetchImpl = vi.fn(async () => new Response('no', { status: 403 }));
    const getLicense = licence(
      buildKeySystems({ type: 'fairplay', license_server: 'https://drm.test/fps' }, fetchImpl)[
        'com.apple.fps.1_0'
      ],
    ) as FairPlayGetLicense;
    const result = await callLicense((callback) => getLicense({}, 'skd-id', new Uint8Array([7]), callback));
    expect(String(result.error)).toContain('403');
    expect(result.license).toBeUndefined();
  });
});

describe('standard key systems', () => {
  it('ClearKey posts the CDM’s JSON request and returns the licence bytes', async () => {
    const fetchImpl = vi.fn(async () => new Response(new Uint8Array([123, 125])));
    const getLicense = licence(
      buildKeySystems({ type: 'clearkey', license_server: 'https://api.test/ck' }, fetchImpl)[
        'org.w3.clearkey'
      ],
    ) as StandardGetLicense;
    const message = new TextEncoder().encode('{"kids":["a"],"type":"temporary"}');
    const result = await callLicense((callback) => getLicense({}, message, callback));
    expect([...(result.license ?? [])]).toEqual([123, 125]);
    expect(fetchImpl).toHaveBeenCalledWith('https://api.test/ck', {
      method: 'POST',
      body: message,
      headers: { 'Content-Type': 'application/json' },
    });
  });

  it('Widevine posts the binary challenge; PlayReady keeps contrib-eme’s own exchange', () => {
    const widevine = buildKeySystems({ type: 'widevine', license_server: 'https://drm.test/wv' }, vi.fn());
    expect(widevine['com.widevine.alpha']?.url).toBe('https://drm.test/wv');
    expect(widevine['com.widevine.alpha']?.getLicense).toBeTypeOf('function');
    expect(buildKeySystems({ type: 'playready', license_server: 'https://drm.test/pr' }, vi.fn())).toEqual({
      'com.microsoft.playready': {
        url: 'https://drm.test/pr',
        videoContentType: 'video/mp4; codecs="avc1.42E01E"',
        audioContentType: 'audio/mp4; codecs="mp4a.40.2"',
      },
    });
  });
});
