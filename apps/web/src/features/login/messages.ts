/**
 * Texts of the login modal (SPEC §2 Login modal). The phone-screen titles and the errors come from
 * `@kadr/auth-session` in the flow's state ('Неверный номер телефона', 'Неверный код', the provider alert).
 */
export const loginMessages = {
  phoneLabel: 'Номер телефона',
  continue: 'Продолжить',
  termsBefore: 'Я принимаю условия ',
  termsLink: 'пользовательского соглашения',
  agreementNote: 'Пользовательское соглашение',
  codeTitle: 'Подтвердите вход',
  codePrompt: 'Подтвердите вход в уведомлении на телефоне или введите 4-значный код из СМС.',
  codeSentTo: 'Код отправлен на номер',
  codeTtl: 'Код активен ещё 2 минуты',
  codeLabel: 'Код из СМС',
  digit: 'Цифра',
  resend: 'Отправить код повторно',
  resendIn: (seconds: number) => `Отправить повторно через ${seconds} с`,
  back: 'Назад',
  close: 'Закрыть',
  verifying: 'Проверяем код…',
  asyncPending: 'Ждём подтверждения на телефоне…',
  supportBefore: 'Не приходит код? Напишите нам: ',
  genericError: 'Что-то пошло не так. Попробуйте ещё раз',
} as const;
