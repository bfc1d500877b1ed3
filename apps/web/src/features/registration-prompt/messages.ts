import { PROMPT_TITLE } from '@kadr/auth-session';

/** Texts of the header registration prompt (SPEC §2). */
export const promptMessages = {
  text: PROMPT_TITLE,
  register: 'Зарегистрироваться',
  dismiss: 'Скрыть',
} as const;
