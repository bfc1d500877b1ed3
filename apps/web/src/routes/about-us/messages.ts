/** Figures of the about page (SPEC §9 About page). */
export const ABOUT_FIGURES = {
  /** Free channels every user gets. */
  freeChannels: 50,
  /** Channels overall. */
  allChannels: 250,
} as const;

const f = ABOUT_FIGURES;

/** Texts of the about page `/about_us` (SPEC §1 marketing claims, §2 route table). */
export const aboutMessages = {
  lead: 'Кадр — фильмы, сериалы и телеканалы в одном сервисе: на компьютере, телефоне и телевизоре.',
  featuresTitle: 'Что есть в Кадре',
  features: [
    {
      key: 'free',
      title: `${f.freeChannels} телеканалов и тысячи фильмов в HD`,
      text: `Каждый пользователь получает ${f.freeChannels} бесплатных телеканалов и тысячи фильмов в HD-качестве.`,
    },
    {
      key: 'channels',
      title: `Более ${f.allChannels} телеканалов`,
      text: `Всего в Кадре более ${f.allChannels} телеканалов с программой передач.`,
    },
    {
      key: 'archive',
      title: 'Архив передач',
      text: `Большинство телеканалов хранят архив не менее трёх дней: пропущенную передачу можно посмотреть позже.`,
    },
    {
      key: 'downloads',
      title: 'Загрузки',
      text: 'В мобильном приложении Кадра видео можно скачать и смотреть без интернета.',
    },
    {
      key: 'casting',
      title: 'Трансляция на телевизор',
      text: 'Выводите видео на Smart TV или устройство для трансляции, подключённые к той же сети Wi-Fi.',
    },
  ],
  supportTitle: 'Поддержка',
  supportText: 'Есть вопрос или что-то не работает? Напишите нам на',
  supportSubject: 'Вопрос в поддержку Кадра',
  feedbackTitle: 'Обратная связь',
  feedbackText: 'Расскажите, что вам нравится в Кадре и что стоит улучшить. Мы читаем каждое письмо.',
  feedbackAction: 'Написать отзыв',
  feedbackSubject: 'Отзыв о Кадре',
  /** The first line of a letter: the profile id, so support finds the viewer's profile. */
  mailBody: (profileId: number | null) => `ID профиля: ${profileId ?? 'нет'}\n\n`,
} as const;
