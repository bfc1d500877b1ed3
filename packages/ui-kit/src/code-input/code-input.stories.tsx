import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { CodeInput } from './code-input.js';

const meta = {
  title: 'ui-kit/CodeInput',
  tags: ['autodocs'],
  component: CodeInput,
  args: { digits: ['', '', '', ''], focusIndex: 0, onDigit: () => {} },
} satisfies Meta<typeof CodeInput>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Empty, waiting for the SMS code. */
export const Empty: Story = {};

/** Type, paste or erase: a local owner keeps the digits like the login flow does. */
export const Interactive: Story = {
  render: () => {
    const [digits, setDigits] = useState(['', '', '', '']);
    const [focusIndex, setFocusIndex] = useState(0);
    return (
      <CodeInput
        digits={digits}
        focusIndex={focusIndex}
        onDigit={(index, digit) => {
          setDigits((current) => current.map((d, i) => (i === index ? digit : d)));
          setFocusIndex(digit ? Math.min(index + 1, 3) : index);
        }}
      />
    );
  },
};

/** Every state: partly filled, wrong code, checking. */
export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 24 }}>
      <CodeInput digits={['1', '2', '', '']} focusIndex={2} onDigit={() => {}} autoFocus={false} />
      <CodeInput digits={['1', '2', '3', '4']} focusIndex={3} onDigit={() => {}} autoFocus={false} invalid />
      <CodeInput digits={['1', '2', '3', '4']} focusIndex={3} onDigit={() => {}} autoFocus={false} disabled />
    </div>
  ),
};
