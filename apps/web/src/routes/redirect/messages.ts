/** Texts of the redirect helpers. */
export const redirectMessages = {
  waiting: 'Перенаправляем…',
  goNow: 'Перейти сейчас',
} as const;
