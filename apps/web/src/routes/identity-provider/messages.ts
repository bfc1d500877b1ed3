/** Texts of the identity-provider route (SPEC §2 `auth_…`, docs/decisions/041). */
export const identityProviderMessages = {
  /** While the api prepares the request and the browser leaves for the provider. */
  redirecting: 'Переходим к сервису входа…',
  /** Back from the provider, while the api finishes the sign-in. */
  finishing: 'Завершаем вход…',
  /** The heading of a sign-in that did not happen. */
  refusedTitle: 'Вход не выполнен',
  retry: 'Попробовать снова',
  /** The path names a provider the service does not have. */
  unknownProvider: 'Такой способ входа не подключён',
  home: 'На главную',
} as const;
