import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { never } from '../../testing/fake-services';
import { withApp } from '../../testing/story-decorators';
import { HeaderSearch } from './header-search';
import { SearchPage } from './search-page';

/** Stands in for the sticky header the desktop panel hangs from. */
function HeaderFrame({ children }: { children: ReactNode }) {
  return (
    <div
      style={{
        position: 'sticky',
        top: 0,
        display: 'flex',
        justifyContent: 'flex-end',
        padding: '10px 24px',
        minHeight: 44,
        borderBottom: '1px solid var(--kadr-color-border)',
        marginBottom: 520,
      }}
    >
      {children}
    </div>
  );
}

const meta = {
  title: 'web/Search',
  component: HeaderSearch,
  parameters: { layout: 'fullscreen' },
  decorators: [withApp()],
} satisfies Meta<typeof HeaderSearch>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The desktop header search over the fake API: type «пер» (content and a channel), «ъъъ» (nothing). */
export const Desktop: Story = {
  render: () => (
    <HeaderFrame>
      <HeaderSearch />
    </HeaderFrame>
  ),
};

/** Already open: the recommendations of the search tab. */
export const DesktopOpen: Story = {
  render: () => (
    <HeaderFrame>
      <HeaderSearch defaultOpen />
    </HeaderFrame>
  ),
};

/** A search that never answers: after 100 ms the loader shows (type 3 letters). */
export const DesktopSlow: Story = {
  parameters: { app: { handlers: { searchHint: never } } },
  render: () => (
    <HeaderFrame>
      <HeaderSearch defaultOpen />
    </HeaderFrame>
  ),
};

/** The /search page on a phone: back button, «Поиск», the same results. */
export const MobilePage: Story = {
  parameters: { app: { deviceKind: 'mobile', path: '/search' } },
  globals: { viewport: { value: 'mobile1' } },
  render: () => <SearchPage />,
};

/** The /search page on a wide screen (rails get arrows). */
export const DesktopPage: Story = {
  parameters: { app: { path: '/search' } },
  render: () => <SearchPage />,
};

/** Every state: closed box, open box, the page. */
export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 24 }}>
      <HeaderFrame>
        <HeaderSearch />
      </HeaderFrame>
      <HeaderFrame>
        <HeaderSearch defaultOpen />
      </HeaderFrame>
      <SearchPage />
    </div>
  ),
};
