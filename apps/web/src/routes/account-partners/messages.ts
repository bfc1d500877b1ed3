/** Texts of the partner-site accounts page. */
export const partnersMessages = {
  email: 'Электронная почта',
  password: 'Пароль',
} as const;
