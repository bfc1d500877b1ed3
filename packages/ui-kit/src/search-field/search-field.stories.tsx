import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { IconButton } from '../icon-button/icon-button.js';
import { IconClose } from '../icons/icons.js';
import { SearchField, type SearchFieldProps } from './search-field.js';

/** The field with its own state, as the app keeps it. */
function Field(props: SearchFieldProps) {
  const [value, setValue] = useState(props.value);
  return (
    <SearchField
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'ui-kit/SearchField',
  component: SearchField,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { value: '', onChange: fn(), label: 'Поиск', placeholder: 'Фильм, сериал или телеканал' },
  render: (args) => <Field {...args} />,
} satisfies Meta<typeof SearchField>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Empty, with its placeholder. */
export const Empty: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Поиск' }), 'дом');
    await expect(args.onChange).toHaveBeenLastCalledWith('дом');
  },
};

/** With a query typed. */
export const Filled: Story = { args: { value: 'Тихий дом' } };

/** Every state: empty, filled, and as the header's box has it, with the close cross. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16, maxWidth: 420, paddingInline: 12 }}>
      <Field {...args} />
      <Field {...args} value="Тихий дом" />
      <Field {...args} value="Тихий дом">
        <IconButton label="Закрыть поиск" onClick={() => {}}>
          <IconClose size={20} />
        </IconButton>
      </Field>
    </div>
  ),
};
