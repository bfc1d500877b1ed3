import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Button } from '../button/button.js';
import { LoadingBar } from './loading-bar.js';

const meta = {
  title: 'ui-kit/LoadingBar',
  component: LoadingBar,
  args: { active: true },
} satisfies Meta<typeof LoadingBar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Loading: the bar at the top of the page (after 150 ms). */
export const Default: Story = {};

/** Not loading: nothing is shown. */
export const Idle: Story = { args: { active: false } };

/** Every state: toggle loading to see the delay; quick toggles never show the bar. */
export const AllStates: Story = {
  render: function Toggle(args) {
    const [active, setActive] = useState(args.active);
    return (
      <>
        <LoadingBar {...args} active={active} />
        <Button variant="secondary" onClick={() => setActive((value) => !value)}>
          {active ? 'Остановить загрузку' : 'Начать загрузку'}
        </Button>
      </>
    );
  },
};
