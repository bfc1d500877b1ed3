import type { Meta, StoryObj } from '@storybook/react-vite';
import { Loader } from './loader.js';

const meta = { title: 'ui-kit/Loader', component: Loader } satisfies Meta<typeof Loader>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Inline spinner, e.g. inside a list while it loads. */
export const Inline: Story = {};

/** Full-page loader shown while the session starts. */
export const FullPage: Story = { args: { variant: 'fullPage' } };

/** Every state: sizes and both variants. */
export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 24, alignItems: 'center' }}>
      <Loader size={16} />
      <Loader />
      <Loader size={48} />
      <div style={{ position: 'relative', width: 320, height: 200, transform: 'translateZ(0)' }}>
        <Loader variant="fullPage" label="Перенаправляем…" />
      </div>
    </div>
  ),
};
