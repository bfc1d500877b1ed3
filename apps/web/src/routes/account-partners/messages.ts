/** Texts of the partner-site accounts page. */
export const partnersMessages = {
  list: 'Аккаунты на сайтах-партнёрах',
  email: 'Электронная почта',
  password: 'Пароль',
} as const;
