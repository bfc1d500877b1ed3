import { describe, expect, it } from 'vitest';
import { keyIdOf, PartnerKeyring, SealedValueError } from './keyring';

const KEY_A = Buffer.alloc(32, 0xa1);
const KEY_B = Buffer.alloc(32, 0xb2);
const CONTEXT = 'partner_accounts\u00007\u0000Кинозал\u0000password';

function setup(current = KEY_A, previous: Buffer[] = []) {
  return new PartnerKeyring({ current, previous });
}

/** The reason a value does not open, or 'opened'. */
function refusal(open: () => string): string {
  try {
    open();
    return 'opened';
  } catch (error) {
    expect(error).toBeInstanceOf(SealedValueError);
    return (error as SealedValueError).reason;
  }
}

describe('PartnerKeyring', () => {
  it('opens what it sealed, Cyrillic and all', () => {
    const keyring = setup();
    const sealed = keyring.seal('пароль-Секрет 42!', CONTEXT);
    expect(keyring.open(sealed, keyring.currentId, CONTEXT)).toBe('пароль-Секрет 42!');
  });

  it('seals with a fresh IV each time: the same value never looks the same, and never shows', () => {
    const keyring = setup();
    const one = keyring.seal('secret', CONTEXT);
    const two = keyring.seal('secret', CONTEXT);
    expect(one).not.toBe(two);
    expect(Buffer.from(one, 'base64url').subarray(0, 12)).not.toEqual(
      Buffer.from(two, 'base64url').subarray(0, 12),
    );
    // 12 bytes of IV, the 6 of the value, 16 of tag.
    expect(Buffer.from(one, 'base64url')).toHaveLength(12 + 6 + 16);
    expect(Buffer.from(one, 'base64url').includes(Buffer.from('secret'))).toBe(false);
  });

  it('refuses a value with any byte altered (IV, ciphertext or tag) as tampered', () => {
    const keyring = setup();
    const bytes = Buffer.from(keyring.seal('secret', CONTEXT), 'base64url');
    for (let i = 0; i < bytes.length; i += 1) {
      const altered = Buffer.from(bytes);
      altered[i] = (altered[i] as number) ^ 0x01;
      expect(
        refusal(() => keyring.open(altered.toString('base64url'), keyring.currentId, CONTEXT)),
        `byte ${i}`,
      ).toBe('tampered');
    }
    expect(refusal(() => keyring.open('', keyring.currentId, CONTEXT))).toBe('tampered');
    expect(
      refusal(() => keyring.open(bytes.subarray(0, 27).toString('base64url'), keyring.currentId, CONTEXT)),
    ).toBe('tampered');
  });

  it('refuses a value moved to another row or field (the context is authenticated)', () => {
    const keyring = setup();
    const sealed = keyring.seal('secret', CONTEXT);
    for (const other of [
      'partner_accounts\u00008\u0000Кинозал\u0000password',
      'partner_accounts\u00007\u0000Другой\u0000password',
      'partner_accounts\u00007\u0000Кинозал\u0000email',
    ])
      expect(refusal(() => keyring.open(sealed, keyring.currentId, other))).toBe('tampered');
  });

  it('refuses a value sealed under a key it does not have, by the key id', () => {
    const sealed = setup(KEY_B).seal('secret', CONTEXT);
    expect(refusal(() => setup(KEY_A).open(sealed, keyIdOf(KEY_B), CONTEXT))).toBe('unknown_key');
  });

  it('refuses a value whose key id was swapped for the current key’s as tampered', () => {
    const sealed = setup(KEY_B).seal('secret', CONTEXT);
    expect(refusal(() => setup(KEY_A).open(sealed, keyIdOf(KEY_A), CONTEXT))).toBe('tampered');
  });

  it('after a rotation seals under the new key and still opens values of the previous one', () => {
    const before = setup(KEY_A);
    const old = before.seal('old secret', CONTEXT);
    const after = setup(KEY_B, [KEY_A]);
    expect(after.currentId).toBe(keyIdOf(KEY_B));
    expect(after.open(old, before.currentId, CONTEXT)).toBe('old secret');
    expect(after.open(after.seal('new secret', CONTEXT), keyIdOf(KEY_B), CONTEXT)).toBe('new secret');
  });

  it('names keys by 16 hex digits that differ per key and reveal no key bytes', () => {
    expect(keyIdOf(KEY_A)).toMatch(/^[0-9a-f]{16}$/);
    expect(keyIdOf(KEY_A)).not.toBe(keyIdOf(KEY_B));
    expect(keyIdOf(KEY_A)).not.toContain(KEY_A.toString('hex').slice(0, 4));
  });

  it('says nothing of the value in its errors', () => {
    const sealed = setup(KEY_B).seal('hunter2', CONTEXT);
    const messages = [keyIdOf(KEY_A), keyIdOf(Buffer.alloc(32))].map((id) => {
      try {
        setup(KEY_A).open(sealed, id, CONTEXT);
        return 'opened';
      } catch (error) {
        return String(error);
      }
    });
    expect(messages).toEqual([
      'SealedValueError: the sealed value or its key does not check out (altered, or sealed for another row)',
      'SealedValueError: sealed with a key this process does not have (PARTNER_ACCOUNTS_KEY / PARTNER_ACCOUNTS_OLD_KEYS)',
    ]);
  });
});
