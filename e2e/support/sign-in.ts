import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The newest 4-digit code the sandbox SMS outbox holds for a phone (polled: the send may be in flight). */
export async function latestSmsCode(baseUrl: string, phone: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await fetch(`${baseUrl}/sandbox/sms?phone=${phone}`);
    const messages = (await response.json()) as { text: string }[];
    const code = messages[0]?.text.match(/\b(\d{4})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no SMS for ${phone}`);
}

/**
 * The sign-in a viewer makes in the login dialog already open on `page` (from «Войти» or the
 * registration prompt): the phone's ten local digits, «Продолжить», the code from the sandbox outbox
 * typed digit by digit; resolves once the page has reloaded signed in (AUTH 'true'). Answers the
 * phone as the api knows it (7 and the ten digits).
 */
export async function signInInOpenDialog(page: Page, baseUrl: string, localDigits: string): Promise<string> {
  const phone = `7${localDigits}`;
  await page.getByRole('textbox', { name: 'Номер телефона' }).fill(localDigits);
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await page.getByText('Код активен ещё 2 минуты').waitFor();
  const code = await latestSmsCode(baseUrl, phone);
  const reloaded = page.waitForEvent('load');
  for (const [index, digit] of [...code].entries())
    await page.getByRole('textbox', { name: `Цифра ${index + 1}`, exact: true }).fill(digit);
  await reloaded;
  await expect.poll(() => page.evaluate(() => localStorage.getItem('AUTH'))).toBe('true');
  return phone;
}
