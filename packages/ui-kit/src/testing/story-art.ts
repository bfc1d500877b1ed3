// Story and test support: deterministic SVG artwork as data URLs, so stories look like a catalogue
// without any image files. Reached through `@kadr/ui-kit/testing` in the workspace, never published.

/** Kinds of artwork and their pixel sizes (the catalogue's own sizes). */
const SIZES = {
  poster: [285, 400],
  banner: [1280, 540],
  wide: [1280, 720],
  episode: [512, 288],
  logo: [600, 200],
  channel: [400, 400],
  sticker: [120, 48],
} as const;

/** One kind of artwork. */
export type ArtKind = keyof typeof SIZES;

function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) value = Math.imul(value ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return value;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A data URL of an SVG picture of `kind` for `title`; the same title always gets the same picture. */
export function art(kind: ArtKind, title: string): string {
  const [w, h] = SIZES[kind];
  const seed = hash(title);
  const hue = seed % 360;
  const hue2 = (hue + 40 + ((seed >> 9) % 80)) % 360;
  const name = escapeXml(title);
  let body: string;
  if (kind === 'sticker') {
    body = `<rect width="${w}" height="${h}" rx="10" fill="hsl(${hue} 75% 48%)"/><text x="${w / 2}" y="31" font-size="20" font-weight="700" text-anchor="middle" fill="#fff">${name}</text>`;
  } else if (kind === 'logo') {
    const size = Math.min(96, Math.floor(760 / Math.max(title.length, 1)));
    body = `<text x="0" y="${100 + size / 3}" font-size="${size}" font-weight="800" fill="#fff" letter-spacing="2">${name.toUpperCase()}</text>`;
  } else if (kind === 'channel') {
    body = `<rect width="${w}" height="${h}" fill="hsl(${hue} 45% 22%)"/><circle cx="200" cy="170" r="96" fill="hsl(${hue2} 70% 55%)"/><text x="200" y="196" font-size="72" font-weight="800" text-anchor="middle" fill="#fff">${name.slice(0, 2).toUpperCase()}</text><text x="200" y="340" font-size="40" font-weight="600" text-anchor="middle" fill="#fff">${name}</text>`;
  } else {
    const size = kind === 'poster' ? 34 : kind === 'episode' ? 36 : 64;
    body = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 60% 35%)"/><stop offset="1" stop-color="hsl(${hue2} 55% 12%)"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/><circle cx="${w * 0.72}" cy="${h * 0.32}" r="${Math.min(w, h) * 0.28}" fill="hsl(${hue2} 80% 60% / 0.35)"/><circle cx="${w * 0.25}" cy="${h * 0.8}" r="${Math.min(w, h) * 0.4}" fill="hsl(${hue} 80% 70% / 0.12)"/>${kind === 'wide' || kind === 'banner' ? '' : `<text x="${w * 0.07}" y="${h - size * 1.2}" font-size="${size}" font-weight="800" fill="#fff">${name}</text>`}`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="system-ui,sans-serif">${body}</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
