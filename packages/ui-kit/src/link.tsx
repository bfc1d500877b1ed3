import type { AnchorHTMLAttributes, ComponentType } from 'react';

/** Props a kit component passes to the app's link: `href` is an in-app path, `state` router navigation state. */
export type LinkComponentProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; state?: unknown };

/** A link renderer the app injects (e.g. a router-aware link), so the kit never imports a router. */
export type LinkComponent = ComponentType<LinkComponentProps>;

/** The default link: a plain anchor (navigation state is dropped). */
export function DefaultLink({ state: _state, ...props }: LinkComponentProps) {
  return <a {...props} />;
}
