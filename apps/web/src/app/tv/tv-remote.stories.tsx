import { Button, Modal } from '@kadr/ui-kit';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, userEvent, waitFor } from 'storybook/test';
import { CollectionRail } from '../../features/catalogue/collection-rail';
import { homeCollections } from '../../testing/catalogue-fixtures';
import { withApp } from '../../testing/story-decorators';
import { TvRemote } from './tv-remote';

const [lead, second] = homeCollections();

/** A screen of the TV layout: two rails and a button opening a dialog, under the remote's focus core. */
function TvScreen({ dialog = false }: { dialog?: boolean }) {
  const [open, setOpen] = useState(dialog);
  // The ten-foot look applies to the whole page, as boot.tsx sets it on a TV.
  useEffect(() => {
    document.documentElement.dataset.device = 'tv';
    return () => {
      delete document.documentElement.dataset.device;
    };
  }, []);
  return (
    <main style={{ display: 'grid', gap: 24, padding: '24px 0' }}>
      {lead && <CollectionRail collection={lead} arrows={false} lead />}
      {second && <CollectionRail collection={second} arrows={false} />}
      <div style={{ padding: '0 24px' }}>
        <Button onClick={() => setOpen(true)}>Войти</Button>
      </div>
      <Modal open={open} onClose={() => setOpen(false)} title="Вход" size="s">
        <p>Введите номер телефона, чтобы войти или зарегистрироваться</p>
        <Button onClick={() => setOpen(false)}>Продолжить</Button>
      </Modal>
      <TvRemote />
    </main>
  );
}

const meta = {
  title: 'web/TV/Remote',
  component: TvScreen,
  parameters: { layout: 'fullscreen', app: { deviceKind: 'tv', path: '/movie/1/' } },
  decorators: [withApp()],
} satisfies Meta<typeof TvScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const focusedText = () => document.activeElement?.textContent ?? '';

/** The screen's first card takes the focus; right moves along the rail, down to the next rail. */
export const RailsByTheArrows: Story = {
  play: async () => {
    await waitFor(() => expect(document.activeElement?.closest('li')).not.toBeNull());
    const first = focusedText();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(focusedText()).not.toBe(first));
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement?.getAttribute('data-focused')).toBe('true'));
  },
};

/** An open dialog holds the focus; back (Escape here, Tizen's 10009 on a TV) closes it. */
export const DialogClosedByBack: Story = {
  args: { dialog: true },
  play: async () => {
    await waitFor(() => expect(document.activeElement?.closest('[aria-modal="true"]')).not.toBeNull());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.querySelector('[aria-modal="true"]')).toBeNull());
  },
};
