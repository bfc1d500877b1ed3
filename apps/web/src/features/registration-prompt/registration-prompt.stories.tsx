import type { Meta, StoryObj } from '@storybook/react-vite';
import { RegistrationPromptView } from './registration-prompt';

const meta = {
  title: 'web/RegistrationPrompt',
  component: RegistrationPromptView,
  parameters: { layout: 'fullscreen' },
  args: { onRegister: () => {}, onDismiss: () => {} },
} satisfies Meta<typeof RegistrationPromptView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The header strip for a guest who already bought a package (the only state). */
export const AllStates: Story = {};
