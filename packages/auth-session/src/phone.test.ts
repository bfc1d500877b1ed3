import { describe, expect, it } from 'vitest';
import { formatPhone, maskPhone, normalizePhoneInput, PHONE_MAX_LENGTH, validatePhone } from './index.js';

describe('normalizePhoneInput', () => {
  it.each([
    ['', '+7'],
    ['   ', '+7'],
    ['abc', '+7'],
    ['+', '+'],
    ['+7', '+7'],
    ['7', '7'],
    ['8', '8'],
    ['9', '+79'],
    ['0', '+70'],
    ['912', '+7912'],
    ['+7912', '+7912'],
    ['+79123456789', '+79123456789'],
    ['89123456789', '89123456789'],
    ['79123456789', '79123456789'],
    ['9123456789', '+79123456789'],
    ['+7 (912) 345-67-89', '+79123456789'],
    ['8 912 345 67 89', '89123456789'],
    ['+791234567890', '+79123456789'],
    ['891234567890123', '891234567890'],
    ['7+912', '7912'],
    ['++7912', '+7912'],
    ['+7a9b1c2', '+7912'],
    ['abc+7912', '+7912'],
    ['+9123', '+9123'],
    ['٣', '+7'],
  ])('%j → %j', (raw, expected) => {
    expect(normalizePhoneInput(raw)).toBe(expected);
  });

  it('never returns more than PHONE_MAX_LENGTH characters', () => {
    for (const raw of ['1'.repeat(40), `+${'7'.repeat(40)}`, `8${'0'.repeat(30)}`]) {
      expect(normalizePhoneInput(raw).length).toBeLessThanOrEqual(PHONE_MAX_LENGTH);
    }
  });
});

describe('validatePhone', () => {
  it.each([
    ['+79123456789', '79123456789'],
    ['79123456789', '79123456789'],
    ['89123456789', '79123456789'],
    ['+7 (912) 345-67-89', '79123456789'],
    ['8 912 345 67 89', '79123456789'],
  ])('accepts %j as %j', (value, phone) => {
    expect(validatePhone(value)).toEqual({ ok: true, phone });
  });

  it.each([
    '',
    '+7',
    '+7912345678',
    '+791234567890',
    '9123456789',
    '+89123456789',
    '69123456789',
    '+99123456789',
    '+7912345678a',
    '+',
  ])('rejects %j with "Неверный номер телефона"', (value) => {
    expect(validatePhone(value)).toEqual({ ok: false, error: 'Неверный номер телефона' });
  });
});

describe('maskPhone and formatPhone', () => {
  it('masks all but the operator code and the last two digits', () => {
    expect(maskPhone('79123456789')).toBe('+7 (912) ***-**-89');
  });

  it('masks +7 and 8 forms the same way', () => {
    expect(maskPhone('+79123456789')).toBe('+7 (912) ***-**-89');
    expect(maskPhone('89123456789')).toBe('+7 (912) ***-**-89');
  });

  it('formats a phone for the account screen', () => {
    expect(formatPhone('79123456789')).toBe('+7 912 345-67-89');
  });

  it('returns an invalid number unchanged', () => {
    expect(maskPhone('123')).toBe('123');
    expect(formatPhone('123')).toBe('123');
  });
});
