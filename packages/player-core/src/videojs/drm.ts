import type { PlayerDrm } from '../types.js';

/** Key-system names of the browser's EME for each SPEC DRM type. */
export const KEY_SYSTEMS = {
  clearkey: 'org.w3.clearkey',
  widevine: 'com.widevine.alpha',
  playready: 'com.microsoft.playready',
  fairplay: 'com.apple.fps.1_0',
} as const satisfies Record<PlayerDrm['type'], string>;

/** contrib-eme's licence callback for the standard (non-FairPlay) key systems. */
type LicenseCallback = (error: unknown, license?: Uint8Array) => void;

/** One key system's options as videojs-contrib-eme reads them. */
export interface EmeKeySystemOptions {
  url?: string;
  videoContentType?: string;
  audioContentType?: string;
  certificateUri?: string;
  getContentId?: (emeOptions: unknown, initData: string) => string;
  getLicense?:
    | ((emeOptions: unknown, keyMessage: ArrayBuffer | Uint8Array, callback: LicenseCallback) => void)
    | ((emeOptions: unknown, contentId: string, keyMessage: Uint8Array, callback: LicenseCallback) => void);
}

/**
 * Capabilities asked of the CDM. Chromium refuses a key-system request without any (contrib-eme sends
 * none unless told): H.264 video and AAC audio in MP4, what the media pipeline produces.
 */
const MP4_CAPABILITIES = {
  videoContentType: 'video/mp4; codecs="avc1.42E01E"',
  audioContentType: 'audio/mp4; codecs="mp4a.40.2"',
} as const;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** SPEC §7: the FairPlay licence request body — the SPC as base64 and the content id, as JSON. */
export function fairPlayLicenseRequest(spc: Uint8Array, contentId: string): string {
  return JSON.stringify({ spc_message: toBase64(spc), content_id: contentId });
}

/** SPEC §7: the CKC of a FairPlay licence response (`ckc_message`, base64) as bytes. */
export function readCkcMessage(body: unknown): Uint8Array {
  const ckc = (body as { ckc_message?: unknown } | null)?.ckc_message;
  if (typeof ckc !== 'string' || ckc.length === 0) throw new Error('licence response has no ckc_message');
  return fromBase64(ckc);
}

async function postLicense(
  fetchImpl: typeof fetch,
  url: string,
  body: BodyInit,
  contentType: string,
): Promise<Response> {
  const response = await fetchImpl(url, { method: 'POST', body, headers: { 'Content-Type': contentType } });
  if (!response.ok) throw new Error(`licence server answered ${response.status}`);
  return response;
}

/** Standard EME licence exchange: the CDM's message bytes out, the licence bytes back. */
function binaryExchange(fetchImpl: typeof fetch, url: string, contentType: string) {
  return (_options: unknown, keyMessage: ArrayBuffer | Uint8Array, callback: LicenseCallback): void => {
    const bytes = keyMessage instanceof Uint8Array ? keyMessage : new Uint8Array(keyMessage);
    postLicense(fetchImpl, url, bytes as Uint8Array<ArrayBuffer>, contentType)
      .then((response) => response.arrayBuffer())
      .then(
        (license) => callback(null, new Uint8Array(license)),
        (error: unknown) => callback(error),
      );
  };
}

/**
 * videojs-contrib-eme `keySystems` for a release's DRM. ClearKey posts the CDM's JSON licence request
 * (W3C ClearKey) as `application/json`; Widevine and PlayReady post the binary challenge; FairPlay uses
 * the SPEC's JSON exchange ({spc_message, content_id} → ckc_message) with drm_id as the content id when
 * given (else the id from the stream's skd:// URI).
 */
export function buildKeySystems(
  drm: PlayerDrm,
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
): Record<string, EmeKeySystemOptions> {
  const url = drm.license_server;
  switch (drm.type) {
    case 'clearkey':
      return {
        [KEY_SYSTEMS.clearkey]: {
          url,
          ...MP4_CAPABILITIES,
          getLicense: binaryExchange(fetchImpl, url, 'application/json'),
        },
      };
    case 'widevine':
      return {
        [KEY_SYSTEMS.widevine]: {
          url,
          ...MP4_CAPABILITIES,
          getLicense: binaryExchange(fetchImpl, url, 'application/octet-stream'),
        },
      };
    case 'playready':
      // contrib-eme's own PlayReady exchange unpacks the challenge from the CDM's XML message.
      return { [KEY_SYSTEMS.playready]: { url, ...MP4_CAPABILITIES } };
    case 'fairplay': {
      const fixedContentId = drm.drm_id ?? null;
      const options: EmeKeySystemOptions = {
        url,
        getLicense: (
          _options: unknown,
          contentId: string,
          keyMessage: Uint8Array,
          callback: LicenseCallback,
        ) => {
          postLicense(
            fetchImpl,
            url,
            fairPlayLicenseRequest(keyMessage, fixedContentId ?? contentId),
            'application/json',
          )
            .then((response) => response.json())
            .then(
              (body) => callback(null, readCkcMessage(body)),
              (error: unknown) => callback(error),
            );
        },
      };
      if (drm.certificate) options.certificateUri = drm.certificate;
      if (fixedContentId) options.getContentId = () => fixedContentId;
      return { [KEY_SYSTEMS.fairplay]: options };
    }
  }
}
