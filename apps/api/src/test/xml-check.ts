/**
 * A small XML well-formedness check for the generated SVGs (tests only; no DOM parser on the server):
 * one root element, balanced and properly nested tags, quoted and unique attributes, and no stray `<`
 * or `&` in text or attribute values. Returns the element names in document order.
 */
export function checkWellFormedXml(xml: string): string[] {
  const names: string[] = [];
  const stack: string[] = [];
  const fail = (message: string, at: number): never => {
    throw new Error(`${message} at ${at}: …${xml.slice(Math.max(0, at - 40), at + 40)}…`);
  };
  const checkText = (text: string, at: number) => {
    for (let i = text.indexOf('&'); i !== -1; i = text.indexOf('&', i + 1)) {
      if (!/^&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/.test(text.slice(i))) fail('bare &', at + i);
    }
  };
  const TAG = /^([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_:][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)$/;
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    if (stack.length === 0 && text.trim() !== '') fail('text outside the root element', i);
    checkText(text, i);
    if (lt === -1) break;
    const gt = xml.indexOf('>', lt);
    if (gt === -1) fail('unclosed tag', lt);
    const tag = xml.slice(lt + 1, gt);
    if (tag.startsWith('/')) {
      const name = tag.slice(1).trim();
      const open = stack.pop();
      if (open !== name) fail(`</${name}> closes <${open ?? 'nothing'}>`, lt);
    } else {
      if (stack.length === 0 && names.length > 0) fail('a second root element', lt);
      const m = TAG.exec(tag);
      if (!m) fail(`malformed tag <${tag.slice(0, 30)}>`, lt);
      const [, name, attrs, selfClosing] = m!;
      const seen = new Set<string>();
      for (const a of attrs!.matchAll(/([A-Za-z_:][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
        if (seen.has(a[1]!)) fail(`duplicate attribute ${a[1]}`, lt);
        seen.add(a[1]!);
        checkText(a[2] ?? a[3] ?? '', lt);
      }
      names.push(name!);
      if (!selfClosing) stack.push(name!);
    }
    i = gt + 1;
  }
  if (stack.length > 0) fail(`<${stack.at(-1)}> is never closed`, xml.length);
  if (names.length === 0) fail('no element', 0);
  return names;
}
