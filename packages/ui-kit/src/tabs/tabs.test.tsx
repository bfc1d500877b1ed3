import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TabPanel, Tabs } from './tabs.js';

const seasons = [
  { key: '11', label: 'Сезон 1' },
  { key: '12', label: 'Сезон 2' },
  { key: '13', label: 'Сезон 3' },
];

function Harness({ onSelect }: { onSelect: (key: string) => void }) {
  const [selected, setSelected] = useState('11');
  return (
    <>
      <Tabs
        id="seasons"
        label="Сезоны"
        items={seasons}
        selectedKey={selected}
        onSelect={(key) => {
          onSelect(key);
          setSelected(key);
        }}
      />
      <TabPanel tabsId="seasons" selectedKey={selected}>
        серии сезона {selected}
      </TabPanel>
    </>
  );
}

function setup() {
  const onSelect = vi.fn();
  const user = userEvent.setup();
  render(<Harness onSelect={onSelect} />);
  const tab = (name: string) => screen.getByRole('tab', { name });
  return { user, onSelect, tab };
}

describe('Tabs', () => {
  it('is a named tab list with the selected tab marked and alone in the Tab order', () => {
    const { tab } = setup();
    expect(screen.getByRole('tablist', { name: 'Сезоны' })).toBeInTheDocument();
    expect(tab('Сезон 1')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Сезон 1')).toHaveAttribute('tabindex', '0');
    expect(tab('Сезон 2')).toHaveAttribute('aria-selected', 'false');
    expect(tab('Сезон 2')).toHaveAttribute('tabindex', '-1');
  });

  it('selects a tab on click', async () => {
    const { user, onSelect, tab } = setup();
    await user.click(tab('Сезон 3'));
    expect(onSelect).toHaveBeenCalledWith('13');
    expect(tab('Сезон 3')).toHaveAttribute('aria-selected', 'true');
  });

  it('does not report the tab that is already selected', async () => {
    const { user, onSelect, tab } = setup();
    await user.click(tab('Сезон 1'));
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('moves and selects with the arrow keys, wrapping around, and jumps with Home and End', async () => {
    const { user, onSelect, tab } = setup();
    await user.tab();
    expect(tab('Сезон 1')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Сезон 2')).toHaveFocus();
    expect(tab('Сезон 2')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(tab('Сезон 3')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Сезон 1')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Сезон 3')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('Сезон 1')).toHaveFocus();
    expect(onSelect.mock.calls.map(([key]) => key)).toEqual(['12', '13', '11', '13', '11']);
  });

  it('labels the panel by the selected tab', async () => {
    const { user, tab } = setup();
    await user.click(tab('Сезон 2'));
    const panel = screen.getByRole('tabpanel', { name: 'Сезон 2' });
    expect(panel).toHaveTextContent('серии сезона 12');
    expect(tab('Сезон 2')).toHaveAttribute('aria-controls', panel.id);
  });
});
