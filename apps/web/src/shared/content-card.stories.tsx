import type { Meta, StoryObj } from '@storybook/react-vite';
import { film } from '../testing/catalogue-fixtures';
import { withApp } from '../testing/story-decorators';
import { ContentCard } from './content-card';

const meta = {
  title: 'web/Shared/ContentCard',
  component: ContentCard,
  decorators: [withApp()],
  args: { item: film(42, 'Тихий дом', 'Драма', 2021) },
} satisfies Meta<typeof ContentCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A content item's poster card, linking to /movie/{EK_id}/ with the page's query. */
export const Default: Story = {};

/** A long title on the first screen (poster loaded at once), without a year. */
export const LongTitleFirstScreen: Story = {
  args: {
    priority: true,
    item: film(7, 'Достопримечательности северного полушария и другие истории', 'Документальный', null),
  },
};
