import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import styles from './tabs.module.css';

/** One tab. */
export interface TabItem {
  /** Stable key, compared with `selectedKey`. */
  key: string;
  /** Visible text, e.g. «Сезон 2». */
  label: string;
}

/** Props of {@link Tabs}. */
export interface TabsProps {
  /** Base of the tab and panel ids; the panel is `{id}-panel` (see {@link TabPanel}). */
  id: string;
  /** The tabs, in order. */
  items: readonly TabItem[];
  /** Key of the selected tab. */
  selectedKey: string;
  /** Called with the key of the tab the user picked (click, arrow keys, Home, End). */
  onSelect: (key: string) => void;
  /** Accessible name of the tab list, e.g. «Сезоны». */
  label: string;
  /** Class of the tab list. */
  className?: string;
}

const tabId = (id: string, key: string) => `${id}-tab-${key}`;
const panelId = (id: string) => `${id}-panel`;

/**
 * An accessible tab list (WAI-ARIA tabs, automatic activation): one tab in the Tab order, arrow keys
 * move and select, Home and End jump. Pair it with {@link TabPanel} under the same `id`.
 */
export function Tabs({ id, items, selectedKey, onSelect, label, className }: TabsProps) {
  const refs = useRef(new Map<string, HTMLButtonElement>());

  const move = (from: number, event: KeyboardEvent<HTMLButtonElement>) => {
    const count = items.length;
    const targets: Record<string, number> = {
      ArrowRight: (from + 1) % count,
      ArrowLeft: (from - 1 + count) % count,
      Home: 0,
      End: count - 1,
    };
    const to = targets[event.key];
    if (to === undefined) return;
    const target = items[to];
    if (!target) return;
    event.preventDefault();
    refs.current.get(target.key)?.focus();
    if (target.key !== selectedKey) onSelect(target.key);
  };

  return (
    <div role="tablist" aria-label={label} className={[styles.list, className].filter(Boolean).join(' ')}>
      {items.map((item, index) => {
        const selected = item.key === selectedKey;
        return (
          <button
            key={item.key}
            ref={(element) => {
              if (element) refs.current.set(item.key, element);
              else refs.current.delete(item.key);
            }}
            type="button"
            role="tab"
            id={tabId(id, item.key)}
            aria-selected={selected}
            aria-controls={panelId(id)}
            tabIndex={selected ? 0 : -1}
            className={styles.tab}
            onClick={() => !selected && onSelect(item.key)}
            onKeyDown={(event) => move(index, event)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

/** Props of {@link TabPanel}. */
export interface TabPanelProps {
  /** The `id` given to {@link Tabs}. */
  tabsId: string;
  /** Key of the selected tab: the panel is labelled by it. */
  selectedKey: string;
  /** Class of the panel. */
  className?: string;
  children: ReactNode;
}

/** The panel of a {@link Tabs} list: labelled by the selected tab. */
export function TabPanel({ tabsId, selectedKey, className, children }: TabPanelProps) {
  return (
    <div
      role="tabpanel"
      id={panelId(tabsId)}
      aria-labelledby={tabId(tabsId, selectedKey)}
      className={className}
    >
      {children}
    </div>
  );
}
